import { defineConfig } from 'vite';

/**
 * The frame runtime: minified ES modules served from each app's origin. `frame.js` is what every frame
 * loads; the compiler (Sucrase) is `compile.js`, imported only when the compile cache cannot serve an app.
 */
export default defineConfig({
  publicDir: false,
  // Where the frame's site serves the runtime: a lazy script's dependencies are preloaded from there.
  base: '/runtime/',
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist/frame',
    emptyOutDir: true,
    target: 'es2022',
    // A lazy script's own imports (the compiler's parser) are fetched beside it, not after it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'runtime/frame/main.ts',
      preserveEntrySignatures: false,
      output: { entryFileNames: 'frame.js', chunkFileNames: '[name].js' },
    },
  },
});
