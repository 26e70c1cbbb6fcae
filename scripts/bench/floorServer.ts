import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

const ENTRY = path.resolve(import.meta.dirname, '../../test-support/harness/floorFrame.ts');

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<script type="module" crossorigin src="/floor.js"></script>
</head><body><div id="root"></div></body></html>`;

/** Serves the floor frame (React "hello", minified like the runtime) on loopback, with the runtime's headers. */
export async function startFloorServer(): Promise<{
  frameUrl: (key: string, warm: boolean) => string;
  close: () => void;
}> {
  const bundle = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const server = http.createServer((req, res) => {
    const common = { 'access-control-allow-origin': '*', 'cache-control': 'no-cache' };
    if (req.url?.startsWith('/floor.js')) {
      res.writeHead(200, { ...common, 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else res.writeHead(200, { ...common, 'content-type': 'text/html; charset=utf-8' }).end(HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    frameUrl: (key, warm) => `http://${key}.localhost:${port}/${warm ? '?warm' : ''}`,
    close: () => server.close(),
  };
}
