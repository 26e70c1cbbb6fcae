import { defineConfig } from 'vite';

/** The frame runtime: its own small bundle, one minified ES module served from each app's origin. */
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
      output: { entryFileNames: 'frame.js', codeSplitting: false },
    },
  },
});
