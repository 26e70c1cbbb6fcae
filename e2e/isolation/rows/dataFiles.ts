import { expect } from '@playwright/test';
import { at } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { RowContext } from '../rowEnv.ts';
import { openAndProbe, storageRecords } from '../rowHelpers.ts';

/** The host's records of one app's database, as JSON lines (every namespace and its meta). */
async function appLines(t: RowContext, role: string): Promise<string[]> {
  const db = `room-app-storage/${encodeURIComponent(t.roomId)}/${encodeURIComponent(t.appId(role))}`;
  return (await storageRecords(t)).filter((l) => (JSON.parse(l) as { db: string }).db === db);
}

/** Data export, import and room backup are the person's, in the launcher's own menus. */
export const dataFiles: Row[] = [
  {
    id: 'DF1',
    group: 'cross-app',
    ownRoom: true,
    attempt:
      "app B asks for an export or an import of its own and app A's data: forged data.export/data.import/backup calls on its stolen port and posted to the launcher window, naming A; then the person imports A's exported file into B",
    outcome:
      "nothing downloads and no data generation starts from the app's messages; the person's import (another app's file: named as such, an explicit choice) writes B only, A's records unchanged",
    apps: {
      writer: () =>
        probeApp(`
  localStorage.setItem('secret', 'A-local');
  out.sdk = await attempt(() => sdk.storage.set('secret', 'A-sdk'));
`),
      main: (_env, earlier) =>
        probeApp(`
  const A = ${JSON.stringify(earlier.writer)};
  const ROOM = ${JSON.stringify(earlier.room)};
  const claim = { appId: A, instanceId: A, roomId: ROOM };
  let port;
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (...args) { port = this; return post.apply(this, args); };
  localStorage.setItem('own', 'B');
  await wait(100);
  MessagePort.prototype.postMessage = post;
  out.stolen = Boolean(port);
  const data = { sdk: [['secret', '"forged"']], localStorage: [['secret', 'forged']], windowStorage: [] };
  const asks = [
    { type: 'sdk-call', id: 901, method: 'data.export', params: claim },
    { type: 'sdk-call', id: 902, method: 'data.import', params: { ...claim, data } },
    { type: 'sdk-call', id: 903, method: 'storage.import', params: { ...claim, data } },
    { type: 'data-import', ...claim, data, generation: 99 },
    { type: 'backup', ...claim, passphrase: 'x' },
  ];
  out.sent = await attempt(() => {
    for (const ask of asks) {
      if (port) post.call(port, ask);
      window.parent.postMessage(ask, '*');
      window.top.postMessage(ask, '*');
    }
    return 'posted';
  });
  await wait(1500);
  out.own = localStorage.getItem('own');
`),
    },
    timeoutMs: 60_000,
    async check(t) {
      const a = await openAndProbe(t, 'writer');
      expect(at(a, 'sdk').ok, JSON.stringify(a)).toBe(true);
      await expect.poll(async () => (await appLines(t, 'writer')).join()).toContain('A-local');
      const before = (await appLines(t, 'writer')).sort();
      const p = await openAndProbe(t, 'main');
      expect(p.stolen, 'the app took its port').toBe(true);
      expect(at(p, 'sent').ok).toBe(true);
      await t.drain();
      expect(t.downloads, 'downloads the app started').toEqual([]);
      expect((await storageRecords(t)).join('\n')).not.toMatch(/"generation"|forged/);
      expect((await appLines(t, 'writer')).sort()).toEqual(before);

      // The person exports A and imports its file into B: another app's file needs an explicit choice.
      await t.open('writer');
      await t.page.getByRole('button', { name: 'App menu' }).click();
      const menu = t.page.getByRole('dialog');
      const [download] = await Promise.all([
        t.page.waitForEvent('download'),
        menu.getByRole('button', { name: 'Export data' }).click(),
      ]);
      const file = await download.path();
      await menu.getByRole('button', { name: 'Close' }).click();
      await t.open('main');
      await t.page.getByRole('button', { name: 'App menu' }).click();
      const [chooser] = await Promise.all([
        t.page.waitForEvent('filechooser'),
        menu.getByRole('button', { name: 'Import data' }).click(),
      ]);
      await chooser.setFiles(file);
      const preview = menu.getByRole('region', { name: 'Import data' });
      await expect(preview).toContainText('This file is from another app');
      await expect(preview.getByRole('button', { name: 'Replace data' })).toBeDisabled();
      await preview.getByRole('checkbox', { name: /anyway/ }).check();
      await preview.getByRole('button', { name: 'Replace data' }).click();
      await expect(menu.getByRole('status')).toContainText('Imported');
      await expect.poll(async () => (await appLines(t, 'main')).join()).toContain('A-local');
      // B's new generation (its reloaded frame writes `own` again, on it); A has none.
      expect((await appLines(t, 'main')).join()).toContain('"key":"generation","value":1');
      expect((await appLines(t, 'writer')).sort()).toEqual(before);
    },
  },
];
