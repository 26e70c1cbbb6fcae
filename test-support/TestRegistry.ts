import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestPackage {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  license?: string;
  /** Serve other bytes than the integrity hash names (a tampered mirror). */
  tamper?: boolean;
  /** The name its manifest claims, when not its own (a document planting another package). */
  claimsName?: string;
  /** More manifest fields, as a registry (or an attacker's package.json) states them. */
  fields?: Record<string, unknown>;
  /** More `dist` fields (e.g. `unpackedSize`). */
  dist?: Record<string, unknown>;
  /** A real tarball to serve (packTarball's), its integrity the hash of these bytes; a placeholder otherwise. */
  tarball?: Buffer;
}

/**
 * A real npm registry on loopback for tests: package documents and tarballs over HTTP, integrity
 * hashes of the bytes it serves, and a log of every request (what a proposal made the server read).
 */
export class TestRegistry {
  readonly requests: { path: string; authorization?: string }[] = [];
  private readonly packages: TestPackage[] = [];
  private server?: http.Server;
  url = '';
  /** Answer every package document with this status and body (a broken registry). */
  failWith?: { status: number; body: string };

  add(...packages: TestPackage[]): this {
    this.packages.push(...packages);
    return this;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.answer(req, res));
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  static tarballBytes(p: TestPackage): Buffer {
    return p.tarball ?? Buffer.from(`tarball of ${p.name}@${p.version}`);
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = decodeURIComponent(req.url ?? '/');
    this.requests.push({ path, authorization: req.headers.authorization });
    const tar = /^\/(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/.exec(path);
    if (tar) {
      const p = this.packages.find((x) => x.name === tar[1] && x.version === tar[2]);
      if (!p) return void res.writeHead(404).end('{}');
      const bytes = TestRegistry.tarballBytes(p);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return void res.end(p.tamper ? Buffer.concat([bytes, Buffer.from('!')]) : bytes);
    }
    if (this.failWith) return void res.writeHead(this.failWith.status).end(this.failWith.body);
    const name = path.slice(1);
    const versions = this.packages.filter((p) => p.name === name);
    if (versions.length === 0) return void res.writeHead(404).end('{"error":"Not found"}');
    const doc = {
      name,
      'dist-tags': { latest: versions[versions.length - 1]?.version },
      versions: Object.fromEntries(
        versions.map((p) => [
          p.version,
          {
            ...p.fields,
            name: p.claimsName ?? p.name,
            version: p.version,
            license: p.license ?? 'MIT',
            main: 'index.js',
            dependencies: p.dependencies,
            peerDependencies: p.peerDependencies,
            dist: {
              ...p.dist,
              tarball: `${this.url}/${p.name}/-/${p.name.split('/').pop()}-${p.version}.tgz`,
              integrity: `sha512-${createHash('sha512').update(TestRegistry.tarballBytes(p)).digest('base64')}`,
            },
          },
        ]),
      ),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
  }
}
