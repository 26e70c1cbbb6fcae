import { defineConfig } from 'vite';

/**
 * The frame runtime: minified ES modules served from each app's origin. `frame.js` is what every frame
 * loads; the compiler (Sucrase) is `compile.js`, imported only when the compile cache cannot serve an app.
 */
export default defineConfig({
  publicDir: false,
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist/frame',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    rolldownOptions: {
      input: 'runtime/frame/main.ts',
      preserveEntrySignatures: false,
      output: { entryFileNames: 'frame.js', chunkFileNames: '[name].js' },
    },
  },
});
