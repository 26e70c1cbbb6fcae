import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { RoomClient } from '../../client/RoomClient.ts';
import { skeletonKey } from '../../server/store/nameSkeletons.ts';
import { openStore } from '../../server/store/openStore.ts';
import type { Tables } from '../../server/store/schema.ts';
import { spawnServer } from '../../test-support/spawnServer.ts';
import { createTestSchema, dropTestSchema } from '../../test-support/testStore.ts';
import { markdownTable, type Row } from './report.ts';
import { fixedRate, type LoadResult, mcpCall } from './serverLoad.ts';
import { median, percentile } from './stats.ts';

const TOKEN = 'bench-propose-owner-token-0123456789';
/** Pending proposals already in each room the queue rows propose into; the first is the anchor. */
export const QUEUES = [0, 1_000, 10_000] as const;
const HEADING = '## Proposals';

export interface ProposeOptions {
  /** PostgreSQL to measure in as well (a fresh schema in it); undefined: SQLite only. */
  postgresUrl: string | undefined;
  port: number;
  rate: number;
  seconds: number;
  /** Proposals timed into each queue room (round robin over the rooms, one at a time). */
  queueRuns: number;
  log: (line: string) => void;
}

interface EngineResult {
  engine: string;
  healthz: LoadResult;
  propose: LoadResult;
  /** Per queue length: p50 and p95 of one proposal at a time into that room, in ms. */
  queues: { pending: number; p50: number; p95: number; runs: number }[];
}

/**
 * A proposal's cost under load and against the room's queue: propose p99 at `rate`/s (its room gathering
 * rate × seconds pending proposals) against GET /healthz's, and propose p50 into rooms already holding
 * QUEUES pending proposals (bulk-inserted through the store) against the empty room's, per engine.
 */
export async function measurePropose(opts: ProposeOptions): Promise<{ section: string; results: unknown }> {
  const engines: { name: string; url: string | undefined }[] = [{ name: 'SQLite', url: undefined }];
  if (opts.postgresUrl) engines.push({ name: 'PostgreSQL', url: opts.postgresUrl });
  const rows: Row[] = [];
  const results: EngineResult[] = [];
  for (const engine of engines) {
    const r = await measureEngine(engine.name, engine.url, opts);
    results.push(r);
    rows.push({
      figure: `${r.engine}: propose_room_snippet_app p99 at ${opts.rate}/s (p50 ${r.propose.p50.toFixed(2)} ms; ${r.propose.ok}/${r.propose.sent} ok; ${r.propose.throughput.toFixed(0)}/s)`,
      value: r.propose.p99,
      unit: 'ms',
      anchor: { name: `GET /healthz p99 (p50 ${r.healthz.p50.toFixed(2)} ms)`, value: r.healthz.p99 },
      target: { max: 3, of: 'ratio' },
    });
    const empty = r.queues[0] as EngineResult['queues'][number];
    for (const q of r.queues.slice(1))
      rows.push({
        figure: `${r.engine}: propose p50 into a room of ${q.pending.toLocaleString('en')} pending (p95 ${q.p95.toFixed(2)} ms; ${q.runs} runs)`,
        value: q.p50,
        unit: 'ms',
        anchor: { name: `an empty room's p50 (p95 ${empty.p95.toFixed(2)} ms)`, value: empty.p50 },
        target: { max: 1.2, of: 'ratio' },
      });
  }
  const section = [
    HEADING,
    '',
    `Through a real server process per engine, as the owner over MCP (an owner's look-alike check reads every pending proposal's name). p99: open-loop load at ${opts.rate}/s for ${opts.seconds} s after a 1 s warm-up into a new room, which gathers ${opts.rate * (opts.seconds + 1)} pending proposals meanwhile, against GET /healthz at the same rate. p50: one proposal at a time, round robin over three rooms holding ${QUEUES.map((n) => n.toLocaleString('en')).join(', ')} pending proposals (bulk-inserted through the store), ${opts.queueRuns} each. \`BENCH_ONLY=propose npm run bench\` runs this section alone; PostgreSQL from \`BENCH_DATABASE_URL\` (or \`TEST_DATABASE_URL\`).`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
  return { section, results };
}

async function measureEngine(name: string, base: string | undefined, opts: ProposeOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-bench-propose-'));
  const databaseUrl = base ? await createTestSchema() : undefined;
  const env = {
    PORT: String(opts.port),
    ROOM_DATA_DIR: dataDir,
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    ROOM_NPM_OFFLINE: '1',
    ROOM_PROPOSALS_PER_MINUTE: '1000000',
    // Empty: SQLite in the data folder, whatever DATABASE_URL the bench itself runs with.
    DATABASE_URL: databaseUrl ?? '',
  };
  try {
    let server = await spawnServer(env);
    const owner = () => new RoomClient({ url: server.url, token: TOKEN });
    const rooms: string[] = [];
    for (const n of QUEUES)
      rooms.push((await owner().api('POST /api/rooms', { body: { name: `Queue of ${n}` } })).room.id);
    await server.stop();
    opts.log(`${name}: seeding ${QUEUES.join(', ')} pending proposals…`);
    await seedPending(dataDir, databaseUrl, rooms);
    server = await spawnServer(env);
    try {
      const mcp = `${server.url}/api/v1/external-mcp`;
      const run = Date.now();
      const propose = (roomId: string, i: number) =>
        mcpCall(
          mcp,
          TOKEN,
          'propose_room_snippet_app',
          {
            room_id: roomId,
            name: `Bench app ${i}`,
            files: { 'src/App.tsx': `export default function App() {\n  return <p>bench ${i}</p>;\n}\n` },
            idempotency_key: `bench-${run}-${i}`,
          },
          i,
        );
      opts.log(`${name}: propose into rooms of ${QUEUES.join(', ')} pending, ${opts.queueRuns} each…`);
      const times: number[][] = QUEUES.map(() => []);
      for (let i = 0; i < opts.queueRuns * QUEUES.length; i++) {
        const k = i % QUEUES.length;
        const started = performance.now();
        if (!(await propose(rooms[k] as string, 2_000_000 + i))) throw new Error(`proposal ${i} failed`);
        if (i >= QUEUES.length * 5) (times[k] as number[]).push(performance.now() - started);
      }
      opts.log(`${name}: GET /healthz, then propose, at ${opts.rate}/s for ${opts.seconds} s each…`);
      const healthz = await fixedRate('GET /healthz', {
        rate: opts.rate,
        seconds: opts.seconds,
        send: () => fetch(`${server.url}/healthz`).then((r) => r.ok),
      });
      const roomId = (await owner().api('POST /api/rooms', { body: { name: 'Load' } })).room.id;
      const load = await fixedRate('propose_room_snippet_app', {
        rate: opts.rate,
        seconds: opts.seconds,
        send: (i) => propose(roomId, i),
      });
      return {
        engine: name,
        healthz,
        propose: load,
        queues: QUEUES.map((pending, k) => ({
          pending,
          p50: median(times[k] as number[]),
          p95: percentile(times[k] as number[], 95),
          runs: (times[k] as number[]).length,
        })),
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropTestSchema(databaseUrl);
  }
}

/** Bulk-inserts QUEUES[k] pending proposals into rooms[k], each by the room's owner with its own name. */
async function seedPending(dataDir: string, databaseUrl: string | undefined, rooms: string[]): Promise<void> {
  const store = await openStore({ dataDir, databaseUrl });
  try {
    await store.db.transaction().execute(async (trx) => {
      for (const [k, roomId] of rooms.entries()) {
        const room = await trx
          .selectFrom('rooms')
          .select('owner_id')
          .where('id', '=', roomId)
          .executeTakeFirst();
        if (!room) throw new Error(`no room ${roomId}`);
        const rows: Insertable<Tables['proposals']>[] = [];
        for (let p = 0; p < (QUEUES[k] as number); p++) {
          const name = `Queued app ${p}`;
          rows.push({
            id: `qbench${k}x${p}`,
            room_id: roomId,
            proposer_id: room.owner_id,
            kind: 'snippet',
            name,
            skeleton_sha256: skeletonKey(name),
            files_json: JSON.stringify({ 'src/App.tsx': `export default () => ${p};\n` }),
            repository_id: null,
            version_id: null,
            content_sha256: `${k}-${p}`.padEnd(64, '0'),
            state: 'pending',
            decline_reason: null,
            created_at: 1_700_000_000_000 + p,
            decided_at: null,
            decided_by: null,
            dependencies_json: null,
            packages_json: null,
          });
        }
        // Under SQLite's 32,766 bound parameters a statement.
        for (let i = 0; i < rows.length; i += 1000)
          await trx
            .insertInto('proposals')
            .values(rows.slice(i, i + 1000))
            .execute();
      }
    });
  } finally {
    await store.close();
  }
}
