import { test } from '@playwright/test';
import { inThisRun } from './fullRun.ts';
import { openRow } from './openRow.ts';
import type { Row } from './Row.ts';
import { type RowServer, type RowSetup, setupRows } from './setupRows.ts';
import type { Profile } from './userProfile.ts';

/** A server a spec file starts for its rows (instead of the shared one), and how it stops. */
export interface StartedServer {
  server: RowServer;
  stop(): Promise<unknown>;
}

/**
 * Generates one test per matrix row and profile (as playwright's multi-tenant example does per tenant):
 * the rows' apps are proposed and approved once for the file, and each row runs in a signed-in context
 * of its own, fresh or (`profiles` with 'user') also in a normal user's profile on disk; `npm test` leaves
 * out the full run's own rows (fullRun.ts). With `start`,
 * the rows run against a server the file starts first (another configuration than the shared one).
 */
export function defineRowTests(
  label: string,
  rows: Row[],
  profiles: Profile[] = ['fresh'],
  start?: () => Promise<StartedServer>,
): void {
  const here = inThisRun(rows);
  let setup: RowSetup | undefined;
  let started: StartedServer | undefined;
  test.beforeAll(async ({ playwright }) => {
    // A server of its own starts and builds each approved app's packages before the first row.
    if (start) test.setTimeout(120_000);
    started = await start?.();
    setup = await setupRows(playwright, label, here, started?.server);
  });
  test.afterAll(async () => {
    await setup?.dispose();
    await started?.stop();
  });
  for (const profile of profiles)
    for (const row of here) {
      const where = profile === 'user' ? ' (user profile)' : '';
      test(`${row.id} ${row.group}${where}: ${row.attempt}`, {
        annotation: { type: 'outcome', description: row.outcome },
      }, async ({ browser }) => {
        if (row.timeoutMs) test.setTimeout(row.timeoutMs);
        const t = await openRow(browser, setup as RowSetup, row, {}, profile);
        try {
          await row.check(t);
        } finally {
          await t.close();
        }
      });
    }
}
