import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { RoomClient } from '../../client/RoomClient.ts';
import { encodeCursor } from '../../server/mcp/cursors.ts';
import { openStore } from '../../server/store/openStore.ts';
import { proposeApp } from '../../test-support/proposeApp.ts';
import { spawnServer } from '../../test-support/spawnServer.ts';
import { createTestSchema, dropTestSchema } from '../../test-support/testStore.ts';
import type { Row } from './report.ts';
import { type SeedSize, seedStore } from './seedStore.ts';
import { fixedRate, type LoadResult, mcpCall } from './serverLoad.ts';

export const GROWTH: SeedSize = { rooms: 10_000, proposalsPerRoom: 10, approvedPerRoom: 2 };
const TOKEN = 'bench-store-owner-token-0123456789';
const TOOLS = ['propose_room_snippet_app', 'list_room_apps', 'poll_resource_events'] as const;

export interface GrowthOptions {
  /** PostgreSQL to measure in (a fresh schema in it); undefined: SQLite only. */
  postgresUrl: string | undefined;
  port: number;
  rate: number;
  seconds: number;
  log: (line: string) => void;
}

export interface GrowthResult {
  engine: string;
  seedSeconds: number;
  events: number;
  empty: LoadResult[];
  seeded: LoadResult[];
}

/**
 * The store's cost as data grows: each tool's p99 on a database of GROWTH's size against the same on an
 * empty one, per engine, through a real server process (open-loop load, as the server rows).
 */
export async function measureStoreGrowth(
  opts: GrowthOptions,
): Promise<{ rows: Row[]; results: GrowthResult[] }> {
  const engines: { name: string; url: string | undefined }[] = [{ name: 'SQLite', url: undefined }];
  if (opts.postgresUrl) engines.push({ name: 'PostgreSQL', url: opts.postgresUrl });
  const rows: Row[] = [];
  const results: GrowthResult[] = [];
  for (const engine of engines) {
    const result = await measureEngine(engine.name, engine.url, opts);
    results.push(result);
    for (const [i, tool] of TOOLS.entries()) {
      const seeded = result.seeded[i] as LoadResult;
      const empty = result.empty[i] as LoadResult;
      rows.push({
        figure: `${engine.name}: ${tool} p99 at ${GROWTH.rooms.toLocaleString('en')} rooms / ${(GROWTH.rooms * GROWTH.proposalsPerRoom).toLocaleString('en')} proposals (p50 ${seeded.p50.toFixed(2)} ms; ${seeded.ok}/${seeded.sent} ok)`,
        value: seeded.p99,
        unit: 'ms',
        anchor: { name: 'empty database p99', value: empty.p99 },
        target: { max: 1.5, of: 'ratio' },
      });
    }
  }
  return { rows, results };
}

async function measureEngine(
  name: string,
  base: string | undefined,
  opts: GrowthOptions,
): Promise<GrowthResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-bench-store-'));
  const databaseUrl = base ? await createTestSchema() : undefined;
  try {
    opts.log(`${name}: the tools on an empty database…`);
    const empty = await measureTools(dataDir, databaseUrl, opts);
    opts.log(`${name}: seeding ${GROWTH.rooms} rooms, ${GROWTH.rooms * GROWTH.proposalsPerRoom} proposals…`);
    const started = performance.now();
    const store = await openStore({ dataDir, databaseUrl });
    const { events } = await seedStore(store, GROWTH);
    // Fresh statistics, as autovacuum (PostgreSQL) or `PRAGMA optimize` (SQLite) keep them in use.
    await sql.raw(store.engine === 'postgres' ? 'ANALYZE' : 'PRAGMA optimize').execute(store.db);
    await store.close();
    const seedSeconds = (performance.now() - started) / 1000;
    opts.log(`${name}: seeded in ${seedSeconds.toFixed(1)} s (${events} events); the tools again…`);
    const seeded = await measureTools(dataDir, databaseUrl, opts);
    return { engine: name, seedSeconds, events, empty, seeded };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropTestSchema(databaseUrl);
  }
}

/** A server on the database; a new room with five apps and their events; each tool at the fixed rate. */
async function measureTools(dataDir: string, databaseUrl: string | undefined, opts: GrowthOptions) {
  const server = await spawnServer({
    PORT: String(opts.port),
    ROOM_DATA_DIR: dataDir,
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    ROOM_NPM_OFFLINE: '1',
    // Empty: SQLite in the data folder, whatever DATABASE_URL the bench itself runs with.
    DATABASE_URL: databaseUrl ?? '',
  });
  try {
    const owner = new RoomClient({ url: server.url, token: TOKEN });
    const roomId = (await owner.api('POST /api/rooms', { body: { name: 'Bench' } })).room.id;
    for (let i = 0; i < 5; i++) {
      const p = await proposeApp(owner, roomId, {
        name: `App ${i}`,
        files: { 'src/App.tsx': `export default () => ${i};\n` },
      });
      await owner.api('POST /api/rooms/:roomId/proposals/:proposalId/approve', {
        params: { roomId, proposalId: p.id },
      });
    }
    const mcp = `${server.url}/api/v1/external-mcp`;
    const load = (tool: string, args: (i: number) => object) =>
      fixedRate(tool, {
        rate: opts.rate,
        seconds: opts.seconds,
        send: (i) => mcpCall(mcp, TOKEN, tool, args(i), i),
      });
    const run = Date.now();
    const propose = await load('propose_room_snippet_app', (i) => ({
      room_id: roomId,
      name: `Bench app ${i}`,
      files: { 'src/App.tsx': `export default function App() {\n  return <p>bench ${i}</p>;\n}\n` },
      idempotency_key: `bench-${run}-${i}`,
    }));
    const list = await load('list_room_apps', () => ({ room_id: roomId, limit: 10 }));
    // From the start of the room's events: a page is there at once (a long poll skips the quick-poll pacing).
    const poll = await load('poll_resource_events', () => ({
      resource_type: 'room',
      resource_id: roomId,
      cursor: encodeCursor(roomId, 0),
      limit: 10,
      wait_ms: 1000,
    }));
    return [propose, list, poll];
  } finally {
    await server.stop();
  }
}
