import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoomClient } from '../../client/RoomClient.ts';
import { approveProposal, proposeApp } from '../../test-support/proposeApp.ts';
import { type RunningServer, spawnServer } from '../../test-support/spawnServer.ts';
import { type RunningNginx, startNginx } from '../../test-support/startNginx.ts';
import { createTestSchema, dropTestSchema } from '../../test-support/testStore.ts';
import type { Row } from './report.ts';
import { fixedRate, type LoadResult, mcpCall } from './serverLoad.ts';
import { percentile } from './stats.ts';

const TOKEN = 'bench-servers-owner-token-0123456789';
/** Agents proposing at once, each sending its next proposal when the last is answered. */
const CLIENTS = 16;

export interface ServersOptions {
  postgresUrl: string | undefined;
  /** Servers on `port`, `port + 1`; nginx on `port + 2`. */
  port: number;
  seconds: number;
  /** list_room_apps calls a second (open loop). */
  rate: number;
  log: (line: string) => void;
}

export interface ServersResult {
  setup: string;
  proposalsPerSecond: number;
  proposeP99: number;
  list: LoadResult;
}

/**
 * Proposals a second (closed loop, CLIENTS at once, over MCP) and list_room_apps p99 (open loop) on SQLite,
 * one server on PostgreSQL, and two on one PostgreSQL behind nginx (deploy/nginx.conf). Reported beside
 * SQLite's, no target: on 2 cores two servers share the same CPUs and cannot show scaling.
 */
export async function measureServers(
  opts: ServersOptions,
): Promise<{ rows: Row[]; results: ServersResult[] }> {
  const setups: { name: string; servers: number; postgres: boolean }[] = [
    { name: 'SQLite, one server', servers: 1, postgres: false },
  ];
  if (opts.postgresUrl)
    setups.push(
      { name: 'PostgreSQL, one server', servers: 1, postgres: true },
      { name: 'PostgreSQL, two servers behind nginx', servers: 2, postgres: true },
    );
  else opts.log('No BENCH_DATABASE_URL (or TEST_DATABASE_URL): SQLite only');
  const results: ServersResult[] = [];
  for (const setup of setups) {
    opts.log(`${setup.name}: ${CLIENTS} clients proposing for ${opts.seconds} s, then list_room_apps…`);
    results.push(await measureSetup(setup, opts));
  }
  const base = results[0] as ServersResult;
  const rows: Row[] = results.flatMap((r) => [
    {
      figure: `${r.setup}: proposals per second (${CLIENTS} clients, closed loop; p99 ${r.proposeP99.toFixed(1)} ms)`,
      value: r.proposalsPerSecond,
      unit: '/s',
      anchor: { name: 'SQLite, one server', value: base.proposalsPerSecond },
    },
    {
      figure: `${r.setup}: list_room_apps p99 at ${opts.rate}/s (p50 ${r.list.p50.toFixed(2)} ms; ${r.list.ok}/${r.list.sent} ok)`,
      value: r.list.p99,
      unit: 'ms',
      anchor: { name: 'SQLite, one server', value: base.list.p99 },
    },
  ]);
  return { rows, results };
}

async function measureSetup(
  setup: { name: string; servers: number; postgres: boolean },
  opts: ServersOptions,
): Promise<ServersResult> {
  const databaseUrl = setup.postgres ? await createTestSchema() : undefined;
  const folders: string[] = [];
  const servers: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  try {
    const ports = Array.from({ length: setup.servers }, (_, i) => opts.port + i);
    for (const port of ports) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-bench-servers-'));
      folders.push(dataDir);
      servers.push(
        await spawnServer({
          PORT: String(port),
          ROOM_DATA_DIR: dataDir,
          ROOM_OWNER_TOKEN: TOKEN,
          ROOM_DEMO: '0',
          ROOM_NPM_OFFLINE: '1',
          DATABASE_URL: databaseUrl ?? '',
        }),
      );
    }
    if (setup.servers > 1) nginx = await startNginx(opts.port + 2, ports);
    const url = nginx?.url ?? (servers[0] as RunningServer).url;
    const owner = new RoomClient({ url, token: TOKEN });
    const roomId = (await owner.api('POST /api/rooms', { body: { name: 'Bench' } })).room.id;
    for (let i = 0; i < 5; i++) {
      const p = await proposeApp(owner, roomId, {
        name: `App ${i}`,
        files: { 'src/App.tsx': `export default () => ${i};\n` },
      });
      await approveProposal(owner, roomId, p.id);
    }
    const mcp = `${url}/api/v1/external-mcp`;
    const run = Date.now();
    const latencies: number[] = [];
    let ok = 0;
    let n = 0;
    const started = performance.now();
    const deadline = started + opts.seconds * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const i = n++;
        const sentAt = performance.now();
        const good = await mcpCall(
          mcp,
          TOKEN,
          'propose_room_snippet_app',
          {
            room_id: roomId,
            name: `Bench app ${i}`,
            files: { 'src/App.tsx': `export default function App() {\n  return <p>bench ${i}</p>;\n}\n` },
            idempotency_key: `bench-servers-${run}-${i}`,
          },
          i,
        ).catch(() => false);
        latencies.push(performance.now() - sentAt);
        if (good) ok++;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const elapsed = (performance.now() - started) / 1000;
    const list = await fixedRate('list_room_apps', {
      rate: opts.rate,
      seconds: opts.seconds,
      send: (i) => mcpCall(mcp, TOKEN, 'list_room_apps', { room_id: roomId, limit: 10 }, i),
    });
    return {
      setup: setup.name,
      proposalsPerSecond: ok / elapsed,
      proposeP99: percentile(latencies, 99),
      list,
    };
  } finally {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
    if (databaseUrl) await dropTestSchema(databaseUrl);
  }
}
