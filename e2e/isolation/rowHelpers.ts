import { expect } from '@playwright/test';
import type { Probe, RowContext } from './rowEnv.ts';

export async function openAndProbe(t: RowContext, role = 'main'): Promise<Probe> {
  await t.open(role);
  return t.probe(role);
}

/**
 * Opens the app and keeps out of its frame for `ms` before reading its probe: Playwright's own
 * evaluations in a frame carry a user gesture (CDP `userGesture: true`), which would let a probe that
 * must run without one ask as if the person had clicked.
 */
export async function openAndProbeUntouched(t: RowContext, ms: number, role = 'main'): Promise<Probe> {
  await t.open(role);
  await t.page.waitForTimeout(ms);
  return t.probe(role);
}

/** Samples the launcher's main-thread stalls for `ms`. */
export async function stallsDuring(t: RowContext, ms: number): Promise<number[]> {
  const samples: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    samples.push(await t.hostStall());
    await t.page.waitForTimeout(100);
  }
  return samples;
}

/** Samples the launcher's main-thread stalls until the app's probe has rendered (at most `ms`). */
export async function stallsUntilProbe(t: RowContext, ms = 30_000): Promise<number[]> {
  const samples: number[] = [];
  const probe = t.frame().locator('pre[data-probe]');
  const until = Date.now() + ms;
  while ((await probe.count()) === 0 && Date.now() < until) {
    samples.push(await t.hostStall());
    await t.page.waitForTimeout(100);
  }
  samples.push(await t.hostStall());
  return samples;
}

export async function propose(t: RowContext, name: string, files: Record<string, string>) {
  return t.api.post(`/api/rooms/${t.roomId}/proposals`, {
    data: { name, files, idempotency_key: `iso-${name}-${Date.now()}-${Math.random()}` },
  });
}

export async function proposeOk(t: RowContext, name: string, files: Record<string, string>): Promise<string> {
  const res = await propose(t, name, files);
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { proposal: { id: string } }).proposal.id;
}

/** Every record in the shell origin's IndexedDB, as JSON lines (the storage bridge's side). */
export async function hostRecords(t: RowContext): Promise<string[]> {
  return t.page.evaluate(async () => {
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const lines: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await req(indexedDB.open(info.name));
      for (const store of db.objectStoreNames) {
        const os = db.transaction(store).objectStore(store);
        const [keys, values] = await Promise.all([req(os.getAllKeys()), req(os.getAll())]);
        for (const [i, key] of keys.entries())
          lines.push(JSON.stringify({ db: info.name, store, key, value: values[i] }));
      }
      db.close();
    }
    return lines;
  });
}

/** The storage bridge's records only (every app's database): the compile cache's entries hold each app's source text too. */
export async function storageRecords(t: RowContext): Promise<string[]> {
  return (await hostRecords(t)).filter((r) => r.startsWith('{"db":"room-app-storage/'));
}

/** A storage read that found nothing, as a probe records it. */
export const empty = (v: unknown) => v === null || v === 'undefined';

/**
 * The launcher page's idle-time work (warming frames) has run: two idle callbacks queued after its own
 * have. The positive signal before checking that no frame appeared.
 */
export async function launcherIdle(t: RowContext): Promise<void> {
  for (let i = 0; i < 2; i++)
    await t.page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/**
 * The launcher page answers the window message `'iso-drain'` with `'iso-drained'` to its sender: a
 * frame that posts it after its attack hears back once the launcher has handled everything sent before.
 */
export async function echoInLauncher(t: RowContext): Promise<void> {
  const install = () => {
    const w = window as Window & { __isoEcho?: boolean };
    if (w.top !== w || w.__isoEcho) return;
    w.__isoEcho = true;
    w.addEventListener('message', (e) => {
      if (e.data === 'iso-drain') (e.source as Window | null)?.postMessage('iso-drained', '*');
    });
  };
  await t.page.addInitScript(install);
  if (t.page.url() !== 'about:blank') await t.page.evaluate(install);
}
