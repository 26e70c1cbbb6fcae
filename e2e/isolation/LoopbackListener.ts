import { randomUUID } from 'node:crypto';
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
  private readonly socketOf = new WeakMap<ListenerHit, Socket>();
  private readonly drainSockets = new WeakSet<Socket>();
  // The test's own round trip (`drain()`): a path no snippet can know, answered and never counted.
  private readonly drainPath = `/drain-${randomUUID()}`;
  private readonly udp = dgram.createSocket('udp4').on('message', () => this.hits.push({ kind: 'udp' }));
  private readonly server = http.createServer((req, res) => {
    if (req.url === this.drainPath) {
      this.drainSockets.add(req.socket);
      res.end('drained');
      return;
    }
    this.record({ kind: 'request', path: req.url }, req.socket);
    const page = this.pages.get(req.url ?? '');
    res.writeHead(200, { 'content-type': page ? 'text/html; charset=utf-8' : 'text/plain' });
    res.end(page ?? 'leaked');
  });

  constructor() {
    this.server.on('connection', (socket) => {
      this.record({ kind: 'connection' }, socket);
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('upgrade', (req, socket) => {
      this.record({ kind: 'upgrade', path: req.url }, socket as Socket);
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

  /** Hits since `mark` (a value of `hits.length` taken earlier), without the test's own drains. */
  since(mark: number): ListenerHit[] {
    return this.hits.slice(mark).filter((hit) => {
      const socket = this.socketOf.get(hit);
      return !socket || !this.drainSockets.has(socket);
    });
  }

  /**
   * One round trip from the test to the listener on a new connection: connections the browser opened
   * before it have been accepted (and recorded) by the time it answers.
   */
  drain(): Promise<void> {
    return new Promise((resolve, reject) => {
      http
        .get(`${this.origin}${this.drainPath}`, { agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        })
        .on('error', reject);
    });
  }

  private record(hit: ListenerHit, socket: Socket): void {
    this.hits.push(hit);
    this.socketOf.set(hit, socket);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.udp.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
