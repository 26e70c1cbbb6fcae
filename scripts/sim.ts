import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../test-support/spawnServer.ts';
import { lostResponses } from './sim/lostResponses.ts';
import { waitingForOwner } from './sim/waitingForOwner.ts';

// `npm run sim`: the article's two tables, against a real server process (port SIM_PORT, default 5460).
const SEED = Number(process.env.SIM_SEED ?? 20_251_203);
const PROPOSALS = Number(process.env.SIM_PROPOSALS ?? 1000);
const PORT = Number(process.env.SIM_PORT ?? 5460);

const fmt = (n: number, digits = 1) => (Number.isInteger(n) ? String(n) : n.toFixed(digits));
const md = (rows: object[]) => {
  const keys = Object.keys(rows[0] ?? {});
  const lines = rows.map(
    (r) =>
      `| ${keys
        .map((k) => {
          const v = (r as Record<string, unknown>)[k];
          return typeof v === 'number' ? fmt(v) : String(v);
        })
        .join(' | ')} |`,
  );
  return [`| ${keys.join(' | ')} |`, `|${keys.map(() => '---').join('|')}|`, ...lines].join('\n');
};

const started = Date.now();
console.log(`seed ${SEED}; starting the server on port ${PORT}…`);
const TOKEN = 'sim-owner-token-0123456789abcdef';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-sim-'));
const server = await spawnServer({
  PORT: String(PORT),
  HOST: '127.0.0.1',
  ROOM_DATA_DIR: dataDir,
  ROOM_OWNER_TOKEN: TOKEN,
  ROOM_DEMO: '0',
});
try {
  const setup = {
    url: server.url,
    token: TOKEN,
    proposals: PROPOSALS,
    dropRate: 0.05,
    seed: SEED,
    concurrency: 4,
  };
  const lost = [];
  for (const strategy of ['random key per attempt', 'content-derived key'] as const) {
    const t = Date.now();
    lost.push(await lostResponses(setup, strategy));
    console.log(`  ${strategy}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  console.log(
    `\n## Lost responses (${PROPOSALS} proposals, 5% of proposal answers dropped after the server handled them)\n`,
  );
  console.log(md(lost));
  const { rows } = await waitingForOwner({ n: 2000, medianMs: 6 * 60_000, sigma: 1, seed: SEED });
  console.log(
    '\n## Waiting for the owner (log-normal review delay, median 6 min, sigma 1; 1 h budget; n = 2000)\n',
  );
  console.log(md(rows));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
