import http from 'node:http';
import { ensureBuilt } from '../build/ensureBuilt.ts';
import { composeDeps } from './composeDeps.ts';
import { readConfig } from './config.ts';
import { ensureOwner } from './domain/auth.ts';
import { ensureDemo } from './domain/demo.ts';
import { EventBus } from './domain/EventBus.ts';
import { startPackageBuildRetries } from './domain/legacyPackages.ts';
import { createHandler } from './http/createHandler.ts';
import { stopBuilders } from './npm/buildApart.ts';
import { sweepScratch } from './npm/sweepScratch.ts';
import { openStore } from './store/openStore.ts';
import { PgEventRelay } from './store/PgEventRelay.ts';
import { ensurePrivateFolder, isInside } from './store/privateFiles.ts';
import { ServerRegistry } from './store/ServerRegistry.ts';
import type { SqlStore } from './store/SqlStore.ts';

function fail(message: string): never {
  process.stderr.write(`room: ${message}\n`);
  process.exit(1);
}

const config = (() => {
  try {
    return readConfig();
  } catch (err) {
    return fail((err as Error).message);
  }
})();

if (process.env.ROOM_SKIP_BUILD !== '1')
  await ensureBuilt({ log: (line) => process.stdout.write(`${line}\n`) });

// Everything the server writes from here on (database, npm cache, owner token) is its user's alone;
// the build above is public code and keeps the usual modes.
process.umask(0o077);

let store: SqlStore;
try {
  ensurePrivateFolder(config.dataDir);
  // An npm cache an older version made under the data folder is tightened too; one elsewhere is the user's.
  if (isInside(config.npmCacheDir, config.dataDir)) ensurePrivateFolder(config.npmCacheDir);
} catch (err) {
  fail(
    `cannot use the data folder ${config.dataDir}: ${(err as Error).message} (set ROOM_DATA_DIR to a writable folder)`,
  );
}
try {
  store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
} catch (err) {
  fail(
    config.databaseUrl
      ? `cannot use the database in DATABASE_URL: ${(err as Error).message}`
      : `cannot use the data folder ${config.dataDir}: ${(err as Error).message} (set ROOM_DATA_DIR to a writable folder)`,
  );
}
const now = Date.now();
// Servers starting together on one database set up the owner and the demo one at a time.
const peers = new ServerRegistry(store, Date.now);
const { token, demoRoomId } = await peers
  .exclusively(async () => {
    const owner = await ensureOwner(store, {
      dataDir: config.dataDir,
      configuredToken: config.ownerToken,
      now,
      peers,
    });
    return { ...owner, demoRoomId: config.demo ? await ensureDemo(store, owner.ownerId, now) : undefined };
  })
  .catch((err: Error) => fail(err.message));

// Builds a killed server or builder left behind: their scratch folders go, in the background.
void sweepScratch().catch(() => {});

const bus = new EventBus();
// On PostgreSQL other servers' events wake this one's streams.
const relay = config.databaseUrl ? await PgEventRelay.start(config.databaseUrl, store.db, bus) : undefined;
const deps = composeDeps({ store, config, bus });
const server = http.createServer(createHandler(deps));
// Builds of apps approved before pre-bundling that failed, or whose server died, start again from here only.
const stopRetries = startPackageBuildRetries(deps);
// Node closes an idle keep-alive socket after 5 s, racing clients and proxies that reuse it (read ECONNRESET seen in
// CI): keep it open longer than they keep theirs idle.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE')
    fail(`port ${config.port} on ${config.host} is in use: stop the other server or set PORT`);
  fail(`cannot listen on ${config.host}:${config.port}: ${err.message}`);
});
server.listen(config.port, config.host, () => {
  process.stdout.write(`Room launcher on ${config.publicUrl}\n`);
  // A token from ROOM_OWNER_TOKEN is the operator's secret: never echoed into logs, only a generated one.
  if (config.ownerToken)
    process.stdout.write(`Sign in: ${config.publicUrl}/ with the token in ROOM_OWNER_TOKEN\n`);
  else if (token) process.stdout.write(`Sign in: ${config.publicUrl}/?token=${encodeURIComponent(token)}\n`);
  else process.stdout.write('Sign in with the owner token of the other servers on this database\n');
  if (demoRoomId) process.stdout.write(`Demo room: ${config.publicUrl}/rooms/${demoRoomId}\n`);
  if (config.oauthCimdAllowLoopback)
    process.stdout.write(
      'ROOM_OAUTH_CIMD_ALLOW_LOOPBACK=1: client metadata documents on loopback addresses are fetched (for tests only)\n',
    );
  if (config.networkLoopback)
    process.stdout.write(
      `ROOM_NETWORK_ALLOW_LOOPBACK is on: room.json may name http://*.localhost:<port> and http://127.0.0.1:<port> (never port ${config.port}); for tests and development only\n`,
    );
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  stopRetries();
  stopBuilders();
  server.close();
  server.closeAllConnections();
  void Promise.allSettled([relay?.close(), peers.leave()])
    .then(() => store.close())
    .then(() => process.exit(0));
};
// However the server ends (a fatal error's exit too), no builder outlives it.
process.on('exit', stopBuilders);
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
