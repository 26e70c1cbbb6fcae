import os from 'node:os';
import path from 'node:path';

/** The shared test server: its own port and data folder, so a developer's `npm start` is untouched. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5179);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `room-e2e-${E2E_PORT}`);
export const E2E_OWNER_TOKEN = 'e2e-owner-token-0123456789abcdef';
/** The npm cache the e2e servers serve offline; the global setup fills it when it is missing. */
export const E2E_NPM_CACHE = path.resolve(import.meta.dirname, '..', '.room-data', 'npm-cache');
