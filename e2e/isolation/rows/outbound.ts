import { expect } from '@playwright/test';
import { launcherIntact } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Attempt, RowContext } from '../rowEnv.ts';

const prompt = (t: RowContext) => t.page.getByRole('dialog');
/** Probe code: records what the runtime tells the console (a refused link or download says so there). */
const WARNS = `out.warns = [];
  const warn = console.warn.bind(console);
  console.warn = (...args) => { out.warns.push(String(args[0]).slice(0, 160)); warn(...args); };`;
/** Probe code: waits for the person's click on a button named `label`. */
const clickOn = (label: string) => `await new Promise((resolve) => {
    const go = document.createElement('button');
    go.textContent = ${JSON.stringify(label)};
    go.onclick = () => { go.remove(); resolve(); };
    document.body.append(go);
  });`;
/** Probe code: an anchor in the page with `href` (and `download`), clicked by script. */
const LINK = `const link = (href, download) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'link';
    if (download !== undefined) a.download = download;
    document.body.append(a);
    return a;
  };`;
const codes = (results: unknown) => (results as Attempt[]).map((r) => (r.ok ? 'ok' : r.error));
const SENTINEL = 'the person copied this';
/** The launcher's refusals of an ask with no gesture in the app (or while the one before is refused). */
const REFUSED = /only right after they click|Another prompt is waiting/;

export const outbound: Row[] = [
  {
    id: 'O1',
    group: 'outbound',
    attempt:
      '`navigator.clipboard.writeText` with no gesture in the app: at start, then twice more while the person clicks the launcher (the browser itself would allow the write: clipboard permissions granted to the launcher); `readText`, `read` and an HTML `write`',
    outcome:
      'every write refused `NotAllowedError` saying a click or key press in the app must come first; reads and the HTML write refused; the clipboard keeps what the person copied; no "Copied by" notice',
    apps: {
      main: () =>
        probeApp(`
  out.unasked = [];
  for (let i = 0; i < 3; i++) {
    out.unasked.push(await attempt(() => navigator.clipboard.writeText('stolen ' + i)));
    await wait(800);
  }
  out.readText = await attempt(() => navigator.clipboard.readText());
  out.read = await attempt(() => navigator.clipboard.read());
  out.html = await attempt(() => navigator.clipboard.write([new ClipboardItem({ 'text/html': new Blob(['<b>x</b>'], { type: 'text/html' }) })]));
`),
    },
    async check(t) {
      await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.env.shell });
      await t.open();
      await t.page.evaluate((text) => navigator.clipboard.writeText(text), SENTINEL);
      // Activation on the launcher, focus out of the app: not a gesture in the app.
      for (let i = 0; i < 2; i++) {
        await t.page.getByRole('heading', { level: 1 }).click();
        await t.page.waitForTimeout(700);
      }
      const p = await t.probe();
      const unasked = p.unasked as Attempt[];
      expect(codes(unasked)).toEqual(Array(3).fill('NotAllowedError'));
      for (const r of unasked)
        expect(r.message).toMatch(/only right after the person clicks or presses a key in it/);
      expect(codes([p.readText, p.read, p.html])).toEqual(Array(3).fill('NotAllowedError'));
      expect(await t.page.evaluate(() => navigator.clipboard.readText())).toBe(SENTINEL);
      await expect(t.page.getByText(/Copied by/)).toHaveCount(0);
      await launcherIntact(t);
    },
  },
  {
    id: 'O2',
    group: 'outbound',
    attempt:
      'links without the person: from timers, `window.open` to the listener, a script `click()` on a link in the page and on one never attached, a synthetic click and middle-click event, a `target=_blank` link',
    outcome:
      'no prompt, no new page, nothing reaches the listener; `window.open` returns null; the frame stays on its page with its port',
    apps: {
      main: (env) =>
        probeApp(`
  ${WARNS}
  ${LINK}
  await wait(500);
  out.open = show(window.open('${env.listener}/O2-open'));
  link('${env.listener}/O2-click').click();
  await wait(300);
  const detached = document.createElement('a');
  detached.href = '${env.listener}/O2-detached';
  detached.click();
  await wait(300);
  link('${env.listener}/O2-event').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  await wait(300);
  link('${env.listener}/O2-middle').dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
  const blank = link('${env.listener}/O2-blank');
  blank.target = '_blank';
  blank.click();
  await wait(1500);
  out.storage = await attempt(() => sdk.storage.set('alive', 1));
`),
    },
    async check(t) {
      await t.open();
      const p = await t.probe();
      expect(p.open).toBeNull();
      expect((p.storage as Attempt).ok).toBe(true);
      // Each ask reached the launcher and was refused there (nobody clicked in the app, or one was being refused).
      expect((p.warns as string[]).filter((w) => REFUSED.test(w))).toHaveLength(6);
      await expect(prompt(t)).toHaveCount(0);
      await t.drain();
      expect(t.leaks()).toEqual([]);
      await launcherIntact(t);
    },
  },
  {
    id: 'O3',
    group: 'outbound',
    attempt:
      'downloads without the prompt: a timer clicks `<a download>` on a Blob URL and a data: URL, `window.open` and a plain link on a Blob URL, a Blob URL the app revoked; then, after a click in the app, `<a download="../../items.csv">` on a Blob URL',
    outcome:
      'nothing downloads and no prompt shows until the click; then the `files.save` prompt shows the cleaned name `_.._items.csv`, and "Don\'t save" saves nothing',
    apps: {
      main: () =>
        probeApp(`
  ${WARNS}
  ${LINK}
  const blob = () => URL.createObjectURL(new Blob(['a,b\\n'], { type: 'text/csv' }));
  link(blob(), 'early.csv').click();
  await wait(300);
  link('data:text/csv,a%2Cb', 'early2.csv').click();
  await wait(300);
  out.open = show(window.open(blob()));
  link(blob()).click();
  const gone = blob();
  URL.revokeObjectURL(gone);
  link(gone, 'gone.csv').click();
  await wait(1000);
  ${clickOn('Export')}
  link(blob(), '../../items.csv').click();
`),
    },
    async check(t) {
      const frame = await t.open();
      await expect(frame.getByRole('button', { name: 'Export' })).toBeVisible();
      await expect(prompt(t)).toHaveCount(0);
      expect(t.downloads).toEqual([]);
      await frame.getByRole('button', { name: 'Export' }).click();
      await expect(prompt(t).getByRole('figure', { name: 'File name' }).locator('code')).toHaveText(
        '_.._items.csv',
      );
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      const warns = (await t.probe()).warns as string[];
      expect(warns.filter((w) => REFUSED.test(w))).toHaveLength(2);
      expect(warns.filter((w) => /not blob:|revoked/.test(w))).toHaveLength(3);
      await launcherIntact(t);
    },
  },
  {
    id: 'O4',
    group: 'outbound',
    attempt:
      'spoofed addresses, each after a click in the app: `https://google.com@<listener>/`, then a Cyrillic look-alike `https://аpple.com/`, then `http://accounts.google.com.evil.localhost/` with a 3,000-character path',
    outcome:
      'the user@host link is refused with no prompt; the look-alike is asked with its `xn--` host large and flagged "Looks like apple.com"; the long one shows its site (evil.localhost) boldest and flagged, with the path shortened and marked; Cancel opens nothing',
    apps: {
      main: (env) =>
        probeApp(`
  ${WARNS}
  ${LINK}
  ${clickOn('One')}
  link('${env.listener.replace('http://', 'https://google.com@')}/O4').click();
  ${clickOn('Two')}
  link('https://\\u0430pple.com/signin').click();
  ${clickOn('Three')}
  link('http://accounts.google.com.evil.localhost/' + 'x'.repeat(3000) + '/end').click();
`),
    },
    async check(t) {
      const frame = await t.open();
      await frame.getByRole('button', { name: 'One' }).click();
      await frame.getByRole('button', { name: 'Two' }).click();
      await expect(prompt(t).locator('.link-host')).toHaveText('xn--pple-43d.com');
      await expect(prompt(t)).toContainText('Looks like apple.com');
      await prompt(t).getByRole('button', { name: 'Cancel' }).click();
      await frame.getByRole('button', { name: 'Three' }).click();
      await expect(prompt(t).locator('.link-host')).toHaveText('accounts.google.com.evil.localhost');
      await expect(prompt(t).locator('.link-host strong')).toHaveText('evil.localhost');
      await expect(prompt(t)).toContainText('The site is evil.localhost');
      await expect(prompt(t).locator('.link-gap')).toContainText('more characters');
      expect(((await prompt(t).getByTestId('link-full').textContent()) ?? '').length).toBeLessThan(200);
      await prompt(t).getByRole('button', { name: 'Cancel' }).click();
      const warns = (await t.probe()).warns as string[];
      expect(warns.filter((w) => /user name or password/.test(w))).toHaveLength(1);
      await t.drain();
      expect(t.leaks()).toEqual([]);
      await launcherIntact(t);
    },
  },
  {
    id: 'O5',
    group: 'outbound',
    attempt:
      'after one click in the app: `document.execCommand("copy")` of a hidden selection, 10 `window.open` calls at once, then a link to the launcher\'s own sign-in page',
    outcome:
      'the execCommand copy goes through the launcher like writeText (the clipboard gets it only with "Copied by"); one link prompt, the other 9 refused (a prompt is open, then over 6 a minute); the launcher\'s own page is refused without a prompt',
    apps: {
      main: (env) =>
        probeApp(`
  ${WARNS}
  ${clickOn('Go')}
  const hidden = document.createElement('textarea');
  hidden.value = 'hidden text';
  hidden.style.cssText = 'position:fixed;left:-9999px';
  document.body.append(hidden);
  hidden.select();
  out.exec = show(document.execCommand('copy'));
  for (let i = 0; i < 10; i++) window.open('https://example.com/' + i);
  ${clickOn('Again')}
  window.open('${env.shell}/?token=attacker-token');
  await wait(1000);
`),
    },
    async check(t) {
      await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.env.shell });
      const frame = await t.open();
      await t.page.evaluate((text) => navigator.clipboard.writeText(text), SENTINEL);
      await frame.getByRole('button', { name: 'Go' }).click();
      await expect(prompt(t)).toHaveCount(1);
      await expect(prompt(t).getByTestId('link-full')).toHaveText('https://example.com/0');
      await expect(t.page.getByText(/Copied by/)).toBeVisible();
      expect(await t.page.evaluate(() => navigator.clipboard.readText())).toBe('hidden text');
      await prompt(t).getByRole('button', { name: 'Cancel' }).click();
      await frame.getByRole('button', { name: 'Again' }).click();
      await t.page.waitForTimeout(1000);
      await expect(prompt(t)).toHaveCount(0);
      const p = await t.probe();
      const warns = p.warns as string[];
      expect(p.exec).toBe(true);
      // A prompt is open, then past 6 asks a minute.
      expect(warns.filter((w) => /Another prompt is waiting|At most 6 asks/.test(w))).toHaveLength(9);
      expect(warns.filter((w) => /the launcher's own pages/.test(w))).toHaveLength(1);
      await launcherIntact(t);
    },
  },
  {
    id: 'O6',
    group: 'outbound',
    attempt:
      "after a click each: a link whose host is 3,000 characters with no TLD-like label (it pushes the prompt's title and bold site out of view), a mailto: of 600 characters, the launcher under another loopback name (`localhost`, `[::1]` for `127.0.0.1`, same port); then a 200-character host",
    outcome:
      'the long host, the long address and both loopback spellings are refused with no prompt; the 200-character host is asked with the title and its site in view',
    apps: {
      main: (env) => {
        const port = new URL(env.shell).port;
        return probeApp(`
  ${WARNS}
  ${clickOn('One')}
  window.open('http://' + ('signin-accounts-google-' + 'x'.repeat(40) + '.').repeat(47) + 'evil.localhost/');
  ${clickOn('Two')}
  window.open('mailto:' + 'a'.repeat(600) + '@evil.localhost');
  ${clickOn('Three')}
  window.open('http://localhost:${port}/signin');
  ${clickOn('Four')}
  window.open('http://[::1]:${port}/');
  ${clickOn('Five')}
  window.open('http://' + ('s' + 'x'.repeat(60) + '.').repeat(3) + 'evil.localhost/');
  await wait(500);
`);
      },
    },
    async check(t) {
      const frame = await t.open();
      for (const step of ['One', 'Two', 'Three', 'Four']) {
        await frame.getByRole('button', { name: step }).click();
        await t.page.waitForTimeout(700);
        await expect(prompt(t), step).toHaveCount(0);
      }
      await frame.getByRole('button', { name: 'Five' }).click();
      await expect(prompt(t).locator('.link-host strong')).toBeInViewport();
      await expect(prompt(t).getByRole('heading')).toBeInViewport();
      await prompt(t).getByRole('button', { name: 'Cancel' }).click();
      const warns = (await t.probe()).warns as string[];
      expect(warns.filter((w) => /names of at most 253|at most 512/.test(w))).toHaveLength(2);
      expect(warns.filter((w) => /launcher's own pages/.test(w))).toHaveLength(2);
      await t.drain();
      expect(t.leaks()).toEqual([]);
      await launcherIntact(t);
    },
  },
];
