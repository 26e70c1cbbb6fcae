import { test } from '@playwright/test';
import type { Row } from './matrix.ts';
import { openRow } from './openRow.ts';
import { type RowSetup, setupRows } from './setupRows.ts';

/**
 * Generates one test per matrix row (as playwright's multi-tenant example does per tenant): the rows'
 * apps are proposed and approved once for the file, and each row runs in a fresh signed-in context.
 */
export function defineRowTests(label: string, rows: Row[]): void {
  let setup: RowSetup | undefined;
  test.beforeAll(async ({ playwright }) => {
    setup = await setupRows(playwright, label, rows);
  });
  test.afterAll(async () => {
    await setup?.dispose();
  });
  for (const row of rows) {
    test(`${row.id} ${row.group}: ${row.attempt}`, {
      annotation: { type: 'outcome', description: row.outcome },
    }, async ({ browser }) => {
      if (row.timeoutMs) test.setTimeout(row.timeoutMs);
      const t = await openRow(browser, setup as RowSetup, row);
      try {
        await row.check(t);
      } finally {
        await t.close();
      }
    });
  }
}
