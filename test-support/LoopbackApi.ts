import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

// A 4×4 opaque red PNG: what a declared resource host serves an app as an image.
const PNG = (() => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0]);
  const rows = Buffer.concat(
    Array.from({ length: 4 }, () => Buffer.from([0, ...Array(4).fill([255, 0, 0]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
})();

/** Answers shaped like the public APIs assistants' apps call (a forecast, exchange rates, a repository's issues). */
const ROUTES: Record<string, unknown> = {
  '/v1/forecast': { city: 'Lisbon', temperature: 21, condition: 'Sunny', icon: '/icons/sunny.png' },
  '/v1/latest': { base: 'EUR', rates: { USD: 1.08, GBP: 0.85, JPY: 162.5 } },
  '/repos/room/launcher/issues': [
    { number: 42, title: 'Reviewed network access per app', state: 'open' },
    { number: 41, title: 'Links open in a new tab', state: 'closed' },
  ],
};

/**
 * A real loopback HTTP server apps declare in `room.json` under ROOM_NETWORK_ALLOW_LOOPBACK: JSON data
 * (CORS-open, as public APIs are), an image, a stylesheet, a script and a page (what a resource host must
 * never get to run), and a redirect to anywhere. It records every path asked, so a test sees what arrived.
 */
export class LoopbackApi {
  readonly hits: string[] = [];
  private readonly server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    this.hits.push(url.pathname);
    const send = (type: string, body: string | Buffer, status = 200, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', ...extra });
      res.end(body);
    };
    const last = url.pathname.split('/').pop() ?? '';
    const data = ROUTES[url.pathname];
    if (data) send('application/json', JSON.stringify(data));
    else if (url.pathname.startsWith('/redirect/'))
      send('text/plain', '', 302, { location: url.searchParams.get('to') ?? '/' });
    else if (last.endsWith('.json'))
      send('application/json', JSON.stringify({ forecast: 'Sunny', high: 21, path: url.pathname }));
    else if (last.endsWith('.png')) send('image/png', PNG);
    else if (last.endsWith('.css')) send('text/css', 'body { outline: 3px solid rgb(1, 2, 3); }');
    else if (last.endsWith('.js'))
      send('text/javascript', `window.__remoteCode = ${JSON.stringify(url.pathname)};`);
    else if (last.endsWith('.html')) send('text/html', '<p>remote page</p>');
    else send('text/plain', 'not here', 404);
  });

  /** `http://<host>:<port>` once started; `host` names the listener (127.0.0.1 or a `*.localhost` name). */
  origin = '';

  constructor(private readonly host = '127.0.0.1') {}

  /** Listens on `port` (0: a free one). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.origin = `http://${this.host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Paths asked that start with `prefix`. */
  asked(prefix: string): string[] {
    return this.hits.filter((p) => p.startsWith(prefix));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
