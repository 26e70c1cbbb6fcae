import { expect, test } from '@playwright/test';
import { row } from './matrix.ts';
import { openRow } from './openRow.ts';
import type { Weakening } from './rowEnv.ts';
import { type RowSetup, setupRows } from './setupRows.ts';

/** A row that must FAIL against a deliberately weakened frame, and what its failure must be about. */
export interface MetaCase {
  id: string;
  weaken: Weakening;
  because: RegExp;
}

/**
 * Every meta case. Each runs where its row's kind runs: the Sandpack one in the one-at-a-time Sandpack
 * project (metaSandpack.spec.ts), the flood without budgets alone (metaAlone.spec.ts), the rest beside
 * other tests (meta.spec.ts).
 */
export const META_CASES: MetaCase[] = [
  { id: 'D1', weaken: { sameOrigin: true }, because: /sandbox/ },
  { id: 'D3', weaken: { sameOrigin: true }, because: /window\.origin/ },
  { id: 'E1', weaken: { noCsp: true }, because: /expected a failure|requests that left/ },
  { id: 'E6', weaken: { noCsp: true }, because: /expected a failure|requests that left/ },
  { id: 'E12', weaken: { noCsp: true }, because: /expected a failure|requests that left/ },
  { id: 'NW1', weaken: { noCsp: true }, because: /expected a failure|undeclared host/ },
  { id: 'E13', weaken: { keepWebRtc: true }, because: /WebRTC globals/ },
  { id: 'M2', weaken: { noCsp: true }, because: /messages from nested frames|requests that left/ },
  { id: 'R1', weaken: { sharedOrigin: true }, because: /sibling ticks while the other app spins|Timeout/ },
  { id: 'R5', weaken: { sharedOrigin: true }, because: /renderers with both apps open/ },
  { id: 'D4', weaken: { sameOrigin: true, sharedOrigin: true }, because: /expected a failure/ },
  { id: 'X1', weaken: { sameOrigin: true, sharedOrigin: true }, because: /received/ },
  { id: 'SP2', weaken: { noCsp: true }, because: /expected a failure|reached the listener|violations/ },
  { id: 'M6', weaken: { noBudgets: true }, because: /too many messages and was stopped/ },
  { id: 'WS1', weaken: { leakLocalChanges: true }, because: /storage events B received/ },
  { id: 'DG1', weaken: { rawDialogs: true }, because: /dialogs the person saw/ },
  { id: 'O1', weaken: { anyGesture: true }, because: /NotAllowedError|Copied by|the person copied this/ },
];

/** The Sandpack case (a bundler start) and the flood without budgets (it stalls its neighbours' launchers). */
export const META_SANDPACK = ['SP2'];
export const META_ALONE = ['M6'];

const weakeningName = (w: Weakening) =>
  [
    w.noCsp && 'CSP stripped',
    w.sameOrigin && 'allow-same-origin added',
    w.sharedOrigin && 'one shared origin',
    w.keepWebRtc && 'WebRTC constructors kept',
    w.noBudgets && 'message budgets never filled',
    w.leakLocalChanges && "localStorage changes copied to every app's port",
    w.rawDialogs && "the browser's dialogs kept",
    w.anyGesture && 'gesture check always passing',
  ]
    .filter(Boolean)
    .join(' + ');

/** One test per case: the row, opened against its weakened frame or launcher, must fail for its reason. */
export function defineMetaTests(label: string, cases: MetaCase[]): void {
  let setup: RowSetup | undefined;
  test.beforeAll(async ({ playwright }) => {
    setup = await setupRows(playwright, label, [...new Set(cases.map((c) => c.id))].map(row));
  });
  test.afterAll(async () => {
    await setup?.dispose();
  });

  for (const { id, weaken, because } of cases) {
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
}
