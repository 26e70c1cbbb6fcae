import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = `http://127.0.0.1:${process.env.PORT ?? 5178}`;
const devPort = Number(process.env.ROOM_DEV_PORT ?? 5173);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/shell',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Under Vite's 500 kB warning: React apart (cached across releases), CodeMirror apart from the lazy Sandpack view.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'codemirror', test: /node_modules[\\/](@codemirror|@lezer)[\\/]/ },
          ],
        },
      },
    },
  },
  // Sandpack apps fetch their packages from the server's /npm registry route, through the dev server too.
  server: { port: devPort, strictPort: true, proxy: { '/api': server, '/healthz': server, '/npm': server } },
});
