import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One thing that reached the listener: a TCP connection, an HTTP request or a WebSocket upgrade. */
export interface ListenerHit {
  kind: 'connection' | 'request' | 'upgrade' | 'udp';
  path?: string;
}

/**
 * A loopback HTTP server on a free port that hostile snippets aim at: whatever reaches it left the
 * frame (a UDP socket on the same port catches STUN). It can also serve a page (`/page/<name>`) for rows that need a document off every app origin.
 */
export class LoopbackListener {
  readonly hits: ListenerHit[] = [];
  private readonly pages = new Map<string, string>();
  private readonly sockets = new Set<Socket>();
  private readonly udp = dgram.createSocket('udp4').on('message', () => this.hits.push({ kind: 'udp' }));
  private readonly server = http.createServer((req, res) => {
    this.hits.push({ kind: 'request', path: req.url });
    const page = this.pages.get(req.url ?? '');
    res.writeHead(200, { 'content-type': page ? 'text/html; charset=utf-8' : 'text/plain' });
    res.end(page ?? 'leaked');
  });

  constructor() {
    this.server.on('connection', (socket) => {
      this.hits.push({ kind: 'connection' });
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('upgrade', (req, socket) => {
      this.hits.push({ kind: 'upgrade', path: req.url });
      socket.destroy();
    });
  }

  /** `http://127.0.0.1:<port>` once started. */
  origin = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.origin = `http://127.0.0.1:${port}`;
    await new Promise<void>((resolve, reject) => {
      this.udp.once('error', reject);
      this.udp.bind(port, '127.0.0.1', () => resolve());
    });
    return this;
  }

  /** Serves `html` at `/page/<name>` and returns its URL. */
  servePage(name: string, html: string): string {
    this.pages.set(`/page/${name}`, html);
    return `${this.origin}/page/${name}`;
  }

  /** Hits since `mark` (a value of `hits.length` taken earlier). */
  since(mark: number): ListenerHit[] {
    return this.hits.slice(mark);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.udp.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
