import { ensureBuilt } from '../build/ensureBuilt.ts';

/** `npm run build` (with --force) and the test scripts' build-if-stale step. */
await ensureBuilt({ force: process.argv.includes('--force'), log: console.log });
