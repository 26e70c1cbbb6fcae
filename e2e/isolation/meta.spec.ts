import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { matrix, row, rowsIn } from './matrix.ts';
import { openRow } from './openRow.ts';
import type { Weakening } from './rowEnv.ts';
import { type RowSetup, setupRows } from './setupRows.ts';

/** Rows that must FAIL against a deliberately weakened frame, and what their failure must be about. */
const CASES: { id: string; weaken: Weakening; because: RegExp }[] = [
  { id: 'D1', weaken: { sameOrigin: true }, because: /sandbox/ },
  { id: 'D3', weaken: { sameOrigin: true }, because: /window\.origin/ },
  { id: 'E1', weaken: { noCsp: true }, because: /expected a failure|requests that left/ },
  { id: 'E6', weaken: { noCsp: true }, because: /expected a failure|requests that left/ },
  { id: 'E12', weaken: { noCsp: true }, because: /expected a failure|requests that left/ },
  { id: 'E13', weaken: { keepWebRtc: true }, because: /WebRTC globals/ },
  { id: 'M2', weaken: { noCsp: true }, because: /messages from nested frames|requests that left/ },
  { id: 'R1', weaken: { sharedOrigin: true }, because: /sibling ticks while the other app spins|Timeout/ },
  { id: 'R5', weaken: { sharedOrigin: true }, because: /renderers with both apps open/ },
  { id: 'D4', weaken: { sameOrigin: true, sharedOrigin: true }, because: /expected a failure/ },
  { id: 'X1', weaken: { sameOrigin: true, sharedOrigin: true }, because: /received/ },
  { id: 'SP2', weaken: { noCsp: true }, because: /expected a failure|reached the listener|violations/ },
  { id: 'M6', weaken: { noBudgets: true }, because: /too many messages and was stopped/ },
  { id: 'O1', weaken: { anyGesture: true }, because: /NotAllowedError|Copied by|the person copied this/ },
];

const weakeningName = (w: Weakening) =>
  [
    w.noCsp && 'CSP stripped',
    w.sameOrigin && 'allow-same-origin added',
    w.sharedOrigin && 'one shared origin',
    w.keepWebRtc && 'WebRTC constructors kept',
    w.noBudgets && 'message budgets never filled',
    w.anyGesture && 'gesture check always passing',
  ]
    .filter(Boolean)
    .join(' + ');

test('every row of the matrix has an id of its own', () => {
  const ids = matrix.map((r) => r.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  expect(ids.length).toBeGreaterThanOrEqual(35);
});

test("README's Security section counts the rows there are", () => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  expect(readme).toContain(`\`e2e/isolation/matrix.ts\` gathers ${matrix.length} rows`);
  expect(readme).toContain(`server group (${rowsIn(['server']).length} rows`);
  expect(readme).toContain(`reruns ${new Set(CASES.map((c) => c.id)).size} rows`);
});

let setup: RowSetup | undefined;
test.beforeAll(async ({ playwright }) => {
  setup = await setupRows(playwright, 'meta', [...new Set(CASES.map((c) => c.id))].map(row));
});
test.afterAll(async () => {
  await setup?.dispose();
});

for (const { id, weaken, because } of CASES) {
  test(`meta: row ${id} fails with ${weakeningName(weaken)}`, async ({ browser }) => {
    const r = row(id);
    test.setTimeout(Math.max(60_000, r.timeoutMs ?? 0));
    const t = await openRow(browser, setup as RowSetup, r, weaken);
    let failure: Error | undefined;
    try {
      await r.check(t);
    } catch (err) {
      failure = err as Error;
    } finally {
      await t.close();
    }
    expect(failure, `row ${id} passed against a frame with ${weakeningName(weaken)}`).toBeDefined();
    expect(failure?.message).toMatch(because);
  });
}
