import { test } from '@playwright/test';
import { openRow } from './openRow.ts';
import type { Row } from './Row.ts';
import { type RowSetup, setupRows } from './setupRows.ts';
import type { Profile } from './userProfile.ts';

/**
 * Generates one test per matrix row and profile (as playwright's multi-tenant example does per tenant):
 * the rows' apps are proposed and approved once for the file, and each row runs in a signed-in context
 * of its own, fresh or (`profiles` with 'user') also in a normal user's profile on disk.
 */
export function defineRowTests(label: string, rows: Row[], profiles: Profile[] = ['fresh']): void {
  let setup: RowSetup | undefined;
  test.beforeAll(async ({ playwright }) => {
    setup = await setupRows(playwright, label, rows);
  });
  test.afterAll(async () => {
    await setup?.dispose();
  });
  for (const profile of profiles)
    for (const row of rows) {
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
