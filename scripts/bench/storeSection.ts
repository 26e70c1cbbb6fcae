import { markdownTable, type Row } from './report.ts';
import { GROWTH, type GrowthResult } from './storeGrowth.ts';

const HEADING = '## Store at size';

/** The "Store at size" section of docs/benchmarks.md. */
export function storeSection(rows: Row[], results: GrowthResult[], rate: number, seconds: number): string {
  const seeding = results
    .map((r) => `${r.engine} ${r.seedSeconds.toFixed(1)} s (${r.events.toLocaleString('en')} events)`)
    .join(', ');
  return [
    HEADING,
    '',
    `Each engine's server process, first on an empty database, then on one seeded with ${GROWTH.rooms.toLocaleString('en')} rooms, ${(GROWTH.rooms * GROWTH.proposalsPerRoom).toLocaleString('en')} proposals (${GROWTH.approvedPerRoom} of each room's ${GROWTH.proposalsPerRoom} approved into apps), their idempotency keys and events (bulk inserts: ${seeding}); each tool at ${rate}/s for ${seconds} s after a 1 s warm-up, in a new room with five apps. \`BENCH_ONLY=store npm run bench\` runs this section alone; PostgreSQL from \`BENCH_DATABASE_URL\` (or \`TEST_DATABASE_URL\`).`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
}
