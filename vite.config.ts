import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = `http://127.0.0.1:${process.env.PORT ?? 5178}`;
const devPort = Number(process.env.ROOM_DEV_PORT ?? 5173);

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/shell', emptyOutDir: true, target: 'es2022' },
  // Sandpack apps fetch their packages from the server's /npm registry route, through the dev server too.
  server: { port: devPort, strictPort: true, proxy: { '/api': server, '/healthz': server, '/npm': server } },
});
