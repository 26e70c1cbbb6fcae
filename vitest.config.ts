import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: every unit and integration test on SQLite (the default engine), and the server's
 * store-backed integration tests again on PostgreSQL when TEST_DATABASE_URL names one (.ci/run starts a
 * throwaway one). Each PostgreSQL test gets a schema of its own (test-support/testStore.ts).
 */
const ALL = ['{src,runtime,server,client,validation,scripts,build,test-support}/**/*.test.ts'];
/**
 * The PostgreSQL pass: the store and the domain (every query, the migrations), PostgreSQL's own tests, and
 * an HTTP set where the engine shows through: concurrent writes (idempotency, a package build raced by
 * three servers, one consent answered three times at once, a refresh token's family revoked), events
 * relayed across connections, and the review flow end to end as a smoke test.
 * These stop running twice, since they drive through their routes the same store calls those files
 * already run on both engines, one request at a time: http/{appAbout,appUpdates,auth,inbox,invites,
 * lookAlikeNames,repositories,signIn}, mcp/{mcp,repoVerdicts} (the MCP protocol over the same domain
 * calls), oauth/{authorize,registrationAddress} (forms and redirects over SqlOAuthStore, which the store
 * tests run on PostgreSQL) and npm/registry (the npm endpoint's answers over approved apps' versions).
 */
const ON_POSTGRES = [
  'server/{store,domain}/**/*.test.ts',
  'server/http/{events,idempotency,legacyPackages,review}.test.ts',
  'server/oauth/{oauthAttack,registrationPool,tokenEndpoint}.test.ts',
];
/** PostgreSQL's own tests (commit order across connections, the migration lock, a restart on one URL). */
const POSTGRES_ONLY = '**/*.postgres.test.ts';
// SQLite's own files and the store-free units.
const NOT_ON_POSTGRES = [
  'server/store/{privateFiles,sqliteUpgrade}.test.ts',
  'server/domain/RateLimiter.test.ts',
];

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres && process.env.CI)
  throw new Error('CI runs the integration tests on PostgreSQL too: set TEST_DATABASE_URL (.ci/run does)');
if (!postgres && !process.env.VITEST_WORKER_ID)
  console.warn(
    'TEST_DATABASE_URL is not set: the PostgreSQL pass does not run (npm test starts one when PostgreSQL is installed)',
  );

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on 2 cores one file at a time, most of it waiting on
    // processes, sockets and imports (server/http + server/oauth: 660 s on 1 worker, 322 s on 2, same load).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Per-file and per-test timings with each one's engine, for `npm run test:times`.
    reporters: ['default', './test-support/timesReporter.ts'],
    // Tailwind's own sheets, bundled as `?raw` strings (runtime/frame/tailwind.ts): Vitest empties CSS otherwise.
    css: { include: [/node_modules\/tailwindcss\/.*\.css/] },
    projects: [
      { extends: true, test: { name: 'sqlite', include: ALL, exclude: [POSTGRES_ONLY] } },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: [...ON_POSTGRES, POSTGRES_ONLY],
                exclude: NOT_ON_POSTGRES,
                env: { ROOM_TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
