import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = `http://127.0.0.1:${process.env.PORT ?? 5178}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/shell', emptyOutDir: true, target: 'es2022' },
  server: { port: 5173, strictPort: true, proxy: { '/api': server, '/healthz': server } },
});
