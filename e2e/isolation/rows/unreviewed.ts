import { expect } from '@playwright/test';
import { at, failed, noLeaks } from '../assertions.ts';
import { probeApp, tickerApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import { launcherIdle, openAndProbe, proposeOk } from '../rowHelpers.ts';

export const unreviewed: Row[] = [
  {
    id: 'U1',
    group: 'unreviewed',
    attempt: 'open /rooms/<id>?app=<pending proposal id> in a room with one approved app',
    outcome:
      'no tab and no iframe for the pending app; no frame carries its code; its files API answers not_found',
    ownRoom: true,
    apps: { main: () => tickerApp('U1 approved') },
    async check(t) {
      const pending = await proposeOk(t, 'U1 pending', tickerApp('PENDING CODE RAN'));
      await t.page.goto(`/rooms/${t.roomId}?app=${pending}`);
      await expect(t.page.getByRole('tab')).toHaveText([t.appName()]);
      // Idle-time warm frames have had their chance: only the approved app may get one.
      await launcherIdle(t);
      await t.drain();
      const titles = await t.page
        .locator('iframe')
        .evaluateAll((els) => els.map((e) => e.getAttribute('title')));
      for (const title of titles) expect(title).toBe(t.appName());
      for (const f of t.page.frames()) expect(await f.content()).not.toContain('PENDING CODE RAN');
      const files = await t.page.request.get(`/api/rooms/${t.roomId}/apps/${pending}/files`);
      expect(files.status()).toBe(404);
      expect(((await files.json()) as { code: string }).code).toBe('not_found');
    },
  },
  {
    id: 'U2',
    group: 'unreviewed',
    attempt:
      'open a declined and a pending proposal by URL in a room with no approved app; ask the files API for both',
    outcome:
      'the launcher shows "No apps in this room yet.", creates no iframe and fetches no frame; the API answers not_found',
    ownRoom: true,
    async check(t) {
      const pending = await proposeOk(t, 'U2 pending', tickerApp('PENDING'));
      const declined = await proposeOk(t, 'U2 declined', tickerApp('DECLINED'));
      const decline = await t.api.post(`/api/rooms/${t.roomId}/proposals/${declined}/decline`, { data: {} });
      expect(decline.ok()).toBe(true);
      for (const id of [declined, pending]) {
        await t.page.goto(`/rooms/${t.roomId}?app=${id}`);
        await expect(t.page.getByText('No apps in this room yet.')).toBeVisible();
        for (const client of [t.page.request, t.api]) {
          const res = await client.get(`/api/rooms/${t.roomId}/apps/${id}/files`);
          expect(res.status()).toBe(404);
        }
      }
      await launcherIdle(t);
      await t.drain();
      await expect(t.page.locator('iframe')).toHaveCount(0);
      expect(t.frameRequests()).toEqual([]);
    },
  },
  {
    id: 'U3',
    group: 'unreviewed',
    attempt:
      'click everything a pending proposal offers on the review page (heading, files, code, select), then the launcher',
    outcome: 'no iframe appears anywhere and no frame host is contacted; the launcher has no tab for it',
    ownRoom: true,
    async check(t) {
      await proposeOk(t, 'U3 pending', tickerApp('PENDING'));
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name: 'U3 pending' });
      await card.getByRole('heading', { name: 'U3 pending' }).click();
      await card.getByText('Review all proposed files (1)').click();
      await card.getByRole('region', { name: 'src/App.tsx source' }).click();
      await card.getByRole('checkbox', { name: 'Select U3 pending' }).check();
      await expect(t.page.locator('iframe')).toHaveCount(0);
      await t.page.goto(`/rooms/${t.roomId}`);
      await expect(t.page.getByText('No apps in this room yet.')).toBeVisible();
      await launcherIdle(t);
      await t.drain();
      await expect(t.page.locator('iframe')).toHaveCount(0);
      expect(t.frameRequests()).toEqual([]);
    },
  },
  {
    id: 'U4',
    group: 'unreviewed',
    attempt: "import() outside the app's files: ../.., another app's path, /absolute, URLs, data:, node:fs",
    outcome: 'the resolver refuses each ("Cannot import …"); nothing is fetched',
    apps: {
      main: (env) =>
        probeApp(`
  // Each specifier is made at run time: the gate refuses the literal ones first; these are the frame's own checks.
  out.up = await attempt(() => import(String('../../U4 other/src/App')));
  out.outside = await attempt(() => import(String('../outside')));
  out.absolute = await attempt(() => import(String('/src/App.tsx')));
  out.passwd = await attempt(() => import(String('../../../../etc/passwd')));
  out.api = await attempt(() => import(String('${env.shell}/api/rooms')));
  out.url = await attempt(() => import(String('${env.listener}/u4.js')));
  out.data = await attempt(() => import(String('data:text/javascript,export default 1')));
  out.node = await attempt(() => import(String('node:fs')));
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      for (const key of ['up', 'outside', 'absolute', 'passwd', 'api', 'url', 'data', 'node']) {
        failed(at(p, key));
        expect(at(p, key).message, key).toContain('Cannot import');
      }
      await noLeaks(t);
    },
  },
  {
    id: 'U5',
    group: 'unreviewed',
    attempt: "a static import of another app's files (../../other-app/src/App)",
    outcome:
      'the app does not run: the panel shows the unresolved import and "Reload app"; nothing is fetched',
    apps: {
      main: () => ({
        'src/App.tsx':
          "import Other from '../../other-app/src/App';\nexport default function App() {\n  return <Other />;\n}\n",
      }),
    },
    async check(t) {
      await t.open();
      const alert = t.page.getByRole('tabpanel').getByRole('alert');
      await expect(alert).toContainText('Cannot import "../../other-app/src/App"', { timeout: 15_000 });
      await expect(alert.getByRole('button', { name: 'Reload app' })).toBeVisible();
      await noLeaks(t);
    },
  },
  {
    id: 'U6',
    group: 'unreviewed',
    attempt:
      "propose an update of an approved app (same name); read its card's diff and whole new file, then open the app",
    outcome:
      "the tab runs the approved version only: no frame carries the update's code, the app's files API serves the approved files, no new version is offered",
    ownRoom: true,
    apps: { main: () => tickerApp('U6 approved') },
    async check(t) {
      const pending = await proposeOk(t, t.appName(), tickerApp('UPDATE CODE RAN'));
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name: t.appName() });
      await expect(card.getByRole('region', { name: 'Changes in src/App.tsx' })).toContainText(
        'UPDATE CODE RAN',
      );
      await card.getByRole('button', { name: 'Show whole new file' }).click();
      await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toContainText(
        'UPDATE CODE RAN',
        {
          timeout: 15_000,
        },
      );
      await expect(t.page.locator('iframe')).toHaveCount(0);
      const frame = await t.open();
      await expect(frame.getByText('U6 approved')).toBeVisible({ timeout: 15_000 });
      await launcherIdle(t);
      await t.drain();
      for (const f of t.page.frames()) expect(await f.content()).not.toContain('UPDATE CODE RAN');
      await expect(t.page.getByText(/Version \d+ is ready/)).toHaveCount(0);
      const files = await t.page.request.get(`/api/rooms/${t.roomId}/apps/${t.appId()}/files`);
      expect(JSON.stringify(await files.json())).not.toContain('UPDATE CODE RAN');
      expect((await t.page.request.get(`/api/rooms/${t.roomId}/apps/${pending}/files`)).status()).toBe(404);
    },
  },
  {
    id: 'U7',
    group: 'unreviewed',
    attempt:
      'decline an update on its card while the app is open in another launcher page, then reopen the app',
    outcome:
      'no frame ever carries the declined code: the open tab is offered nothing, the reopened one runs the approved version, the version stays 1',
    ownRoom: true,
    apps: { main: () => tickerApp('U7 approved') },
    async check(t) {
      const frame = await t.open();
      await expect(frame.getByText('U7 approved')).toBeVisible({ timeout: 15_000 });
      await proposeOk(t, t.appName(), tickerApp('DECLINED CODE RAN'));
      await expect(t.page.getByRole('link', { name: 'Needs your approval' })).toHaveAccessibleDescription(
        '1 proposal waiting',
        { timeout: 15_000 },
      );
      const review = await t.context.newPage();
      await review.goto(`/rooms/${t.roomId}/review`);
      const card = review.getByRole('article', { name: t.appName() });
      await expect(card.getByRole('region', { name: 'Changes in src/App.tsx' })).toContainText(
        'DECLINED CODE RAN',
      );
      await card.getByRole('button', { name: 'Decline' }).click();
      await card.getByRole('button', { name: 'Confirm decline' }).click();
      await expect(review.getByText('Nothing is waiting for your review.')).toBeVisible();
      await review.close();
      // The decline's event has reached the open launcher: its pending count went to zero.
      await expect(t.page.getByRole('link', { name: 'Needs your approval' })).toHaveAccessibleDescription(
        '0 proposals waiting',
        { timeout: 15_000 },
      );
      await expect(t.page.getByText(/Version \d+ is ready/)).toHaveCount(0);
      await t.page.reload();
      await expect(t.frame().getByText('U7 approved')).toBeVisible({ timeout: 15_000 });
      await launcherIdle(t);
      await t.drain();
      for (const f of t.page.frames()) expect(await f.content()).not.toContain('DECLINED CODE RAN');
      const room = await t.page.request.get(`/api/rooms/${t.roomId}`);
      expect(((await room.json()) as { apps: { version: number }[] }).apps.map((a) => a.version)).toEqual([
        1,
      ]);
    },
  },
];
