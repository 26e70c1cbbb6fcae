import { expect } from '@playwright/test';
import { launcherIntact } from '../assertions.ts';
import { probeApp, tickerApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Attempt, RowContext } from '../rowEnv.ts';

const prompt = (t: RowContext) => t.page.getByRole('dialog');
const codes = (results: unknown) => (results as Attempt[]).map((r) => (r.ok ? 'ok' : r.error));

export const fileSave: Row[] = [
  {
    id: 'F1',
    group: 'files',
    attempt:
      '`files.save` with hostile names and types: a path, an executable, HTML and SVG, a device name, dots only, a disallowed type, then a name hiding a right-to-left override',
    outcome:
      'each refused `invalid_name` with no prompt; the last is asked with the override removed; "Don\'t save" reaches the app as `save_refused`; nothing downloads',
    apps: {
      main: () =>
        probeApp(`
  const bad = [['../../etc/passwd'], ['evil.exe'], ['page.html'], ['image.svg'], ['CON'], ['....'], ['notes', 'text/html'], ['x.csv', 'application/x-msdownload']];
  out.bad = [];
  for (const [name, type] of bad) out.bad.push(await attempt(() => sdk.files.save(name, 'x', type)));
  out.hidden = await attempt(() => sdk.files.save('poll\\u202Egnp.csv', 'a,b\\n'));
`),
    },
    async check(t) {
      await t.open();
      await expect(prompt(t)).toBeVisible();
      await expect(prompt(t)).toContainText('Save pollgnp.csv (4 bytes) from');
      expect(await prompt(t).textContent()).not.toContain('\u202E');
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      const p = await t.probe();
      expect(codes(p.bad)).toEqual(Array(8).fill('invalid_name'));
      expect((p.hidden as Attempt).error).toBe('save_refused');
      expect(t.downloads).toEqual([]);
      await launcherIntact(t);
    },
  },
  {
    id: 'F2',
    group: 'files',
    attempt: 'a flood of 40 `files.save` calls at once, then more after the person refused the first',
    outcome:
      'one prompt only; every other call `too_many_requests` (a prompt is open, then over 6 a minute); nothing downloads',
    apps: {
      main: () =>
        probeApp(`
  const all = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(() => sdk.files.save('f' + i + '.txt', 'x'))));
  out.first = all[0];
  out.rest = [...new Set(all.slice(1).map((r) => r.ok ? 'ok' : r.error))];
  out.after = await attempt(() => sdk.files.save('again.txt', 'x'));
`),
    },
    async check(t) {
      await t.open();
      await expect(prompt(t)).toHaveCount(1);
      await expect(prompt(t)).toContainText('Save f0.txt');
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      const p = await t.probe();
      expect((p.first as Attempt).error).toBe('save_refused');
      expect(p.rest).toEqual(['too_many_requests']);
      expect((p.after as Attempt).error).toBe('too_many_requests');
      await expect(prompt(t)).toHaveCount(0);
      expect(t.downloads).toEqual([]);
      await launcherIntact(t);
    },
  },
  {
    id: 'F3',
    group: 'files',
    attempt: '`files.save` of 6 MB of text, of 6 MB of bytes, and of a value that is neither (an object)',
    outcome: '`too_large`, `too_large`, `invalid_value`; no prompt, nothing downloads',
    apps: {
      main: () =>
        probeApp(`
  out.text = await attempt(() => sdk.files.save('big.txt', 'x'.repeat(6 * 1024 * 1024)));
  out.bytes = await attempt(() => sdk.files.save('big.png', new Uint8Array(6 * 1024 * 1024)));
  out.object = await attempt(() => sdk.files.save('o.json', { a: 1 }));
`),
    },
    async check(t) {
      await t.open();
      const p = await t.probe();
      expect(codes([p.text, p.bytes, p.object])).toEqual(['too_large', 'too_large', 'invalid_value']);
      await expect(prompt(t)).toHaveCount(0);
      expect(t.downloads).toEqual([]);
      await launcherIntact(t);
    },
  },
  {
    id: 'F4',
    group: 'files',
    attempt: '`files.save` from an app nobody is looking at: its tab is in the background when it asks',
    outcome: 'refused `save_refused` at once, with no prompt; nothing downloads',
    ownRoom: true,
    apps: {
      main: () =>
        probeApp(`
  // Asks once the person has moved to another tab (the check switches at once).
  await wait(3000);
  out.save = await attempt(() => sdk.files.save('late.csv', 'a,b'));
`),
      other: () => tickerApp('the other app'),
    },
    async check(t) {
      await t.open('main');
      await t.open('other');
      const p = await t.probe('main');
      expect((p.save as Attempt).error).toBe('save_refused');
      await expect(prompt(t)).toHaveCount(0);
      expect(t.downloads).toEqual([]);
      await launcherIntact(t);
    },
  },
];
