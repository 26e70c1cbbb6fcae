import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeDeps } from '../server/composeDeps.ts';
import { readConfig } from '../server/config.ts';
import { ensureOwner } from '../server/domain/auth.ts';
import { createHandler } from '../server/http/createHandler.ts';
import type { Deps } from '../server/http/Router.ts';
import { openTestStore } from './testStore.ts';

export interface TestServer {
  url: string;
  ownerToken: string;
  deps: Deps;
  /** Moves the server's clock forward (session expiry, rate-limit windows). */
  advance: (ms: number) => void;
  logs: object[];
  close: () => Promise<void>;
}

/**
 * A real HTTP server on port 0 over a real store in a fresh temp folder, for integration tests: SQLite,
 * or PostgreSQL in a schema of its own under the vitest postgres project (testStore.ts).
 */
export async function startTestServer(
  opts: { proposalsPerMinute?: number; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const { store, dataDir, close: closeStore } = await openTestStore();
  let offset = 0;
  const now = () => Date.now() + offset;
  const ownerToken = 'owner-test-token-0123456789';
  await ensureOwner(store, { dataDir, configuredToken: ownerToken, now: now() });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const config = readConfig({
    ROOM_PROPOSALS_PER_MINUTE: String(opts.proposalsPerMinute ?? 1000),
    ...opts.env,
    PORT: String(port),
    ROOM_DATA_DIR: dataDir,
    ROOM_DEMO: '0',
  });
  // The server's own wiring: the shared rate limiter on PostgreSQL, package bundles as configured.
  const deps = composeDeps({ store, config, now });
  const logs: object[] = [];
  server.on(
    'request',
    createHandler(deps, (line) => logs.push(line)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    ownerToken,
    deps,
    logs,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await closeStore();
    },
  };
}
