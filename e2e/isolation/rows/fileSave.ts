import { expect } from '@playwright/test';
import { launcherIntact } from '../assertions.ts';
import { probeApp, tickerApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Attempt, RowContext } from '../rowEnv.ts';

const prompt = (t: RowContext) => t.page.getByRole('dialog');
/** The box labelled File name: the only place the prompt shows the app's words. */
const fileName = (t: RowContext) => prompt(t).getByRole('figure', { name: 'File name' }).locator('code');
const codes = (results: unknown) => (results as Attempt[]).map((r) => (r.ok ? 'ok' : r.error));
/** Probe code: waits for the person's click on a "Go" button (an app may ask for a prompt only after one). */
const AFTER_A_CLICK = `await new Promise((resolve) => {
    const go = document.createElement('button');
    go.textContent = 'Go';
    go.onclick = () => { go.remove(); resolve(); };
    document.body.append(go);
  });`;
const go = (t: RowContext) => t.frame().getByRole('button', { name: 'Go' }).click();

export const fileSave: Row[] = [
  {
    id: 'F1',
    group: 'files',
    attempt:
      '`files.save` with hostile names and types: a path, an executable, HTML and SVG, a device name, dots only, a disallowed type, then, after a click in the app, a name hiding a right-to-left override',
    outcome:
      'each refused `invalid_name` with no prompt; the last is asked with the override removed; "Don\'t save" reaches the app as `save_refused`; nothing downloads',
    apps: {
      main: () =>
        probeApp(`
  const bad = [['../../etc/passwd'], ['evil.exe'], ['page.html'], ['image.svg'], ['CON'], ['....'], ['notes', 'text/html'], ['x.csv', 'application/x-msdownload']];
  out.bad = [];
  for (const [name, type] of bad) out.bad.push(await attempt(() => sdk.files.save(name, 'x', type)));
  ${AFTER_A_CLICK}
  out.hidden = await attempt(() => sdk.files.save('poll\\u202Egnp.csv', 'a,b\\n'));
`),
    },
    async check(t) {
      await t.open();
      await go(t);
      await expect(prompt(t)).toBeVisible();
      await expect(fileName(t)).toHaveText('pollgnp.csv');
      await expect(prompt(t)).toContainText('Size: 4 bytes');
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
    attempt:
      'a flood of 40 `files.save` calls at once after a click, then more after the person refused the first',
    outcome:
      'one prompt only; every other call `too_many_requests` (a prompt is open, then over 6 a minute); nothing downloads',
    apps: {
      main: () =>
        probeApp(`
  ${AFTER_A_CLICK}
  const all = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(() => sdk.files.save('f' + i + '.txt', 'x'))));
  out.first = all[0];
  out.rest = [...new Set(all.slice(1).map((r) => r.ok ? 'ok' : r.error))];
  out.after = await attempt(() => sdk.files.save('again.txt', 'x'));
`),
    },
    async check(t) {
      await t.open();
      await go(t);
      await expect(prompt(t)).toHaveCount(1);
      await expect(fileName(t)).toHaveText('f0.txt');
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
  {
    id: 'F5',
    group: 'files',
    attempt:
      'keystrokes answer the prompt: a notes box asks to save after the third character typed, while the person types "hey there friend" on',
    outcome:
      'the prompt takes focus and its buttons ignore the keys: the rest of the typing presses nothing, nothing downloads; "Don\'t save" reaches the app as `save_refused`',
    apps: {
      main: () =>
        probeApp(`
  const box = document.createElement('input');
  box.setAttribute('aria-label', 'Notes');
  document.body.append(box);
  out.save = await new Promise((resolve) =>
    box.addEventListener('input', () => {
      if (box.value.length === 3) attempt(() => sdk.files.save('notes.txt', 'my notes')).then(resolve);
    }),
  );
  out.typed = box.value;
`),
    },
    async check(t) {
      const frame = await t.open();
      await frame.getByRole('textbox', { name: 'Notes' }).click();
      // A person typing briskly (100 ms a key): the prompt opens after "hey", under the space that follows.
      await t.page.keyboard.type('hey there friend', { delay: 100 });
      await expect(prompt(t)).toBeVisible();
      expect(t.downloads).toEqual([]);
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      const p = await t.probe();
      expect((p.save as Attempt).error).toBe('save_refused');
      // What reached the box before the prompt opened (a key or so, on a busy machine): not the rest.
      expect(p.typed).toMatch(/^hey( t?)?$/);
      await launcherIntact(t);
    },
  },
  {
    id: 'F6',
    group: 'files',
    attempt:
      'a "double-click here" button asks to save on mouse-down: the second click of the double-click lands on the prompt\'s Save',
    outcome:
      "the prompt's buttons ignore clicks for its first half second: nothing downloads; the prompt waits for a real answer",
    apps: {
      main: () =>
        probeApp(`
  const target = document.createElement('button');
  target.textContent = 'Double-click here';
  document.body.append(target);
  out.save = await new Promise((resolve) =>
    target.addEventListener('mousedown', () => attempt(() => sdk.files.save('notes.txt', 'x')).then(resolve)),
  );
`),
    },
    async check(t) {
      const frame = await t.open();
      const target = await frame.getByRole('button', { name: 'Double-click here' }).boundingBox();
      if (!target) throw new Error('no target');
      await t.page.mouse.click(target.x + target.width / 2, target.y + target.height / 2);
      // The second click, as soon as the prompt is there, on its Save button.
      const save = prompt(t).getByRole('button', { name: 'Save', exact: true });
      const box = await save.boundingBox({ timeout: 5_000 });
      if (!box) throw new Error('no Save button');
      await t.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await t.page.mouse.down({ clickCount: 2 });
      await t.page.mouse.up({ clickCount: 2 });
      await t.page.waitForTimeout(1_000);
      await expect(prompt(t)).toBeVisible();
      expect(t.downloads).toEqual([]);
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      expect(((await t.probe()).save as Attempt).error).toBe('save_refused');
      await launcherIntact(t);
    },
  },
  {
    id: 'F7',
    group: 'files',
    attempt:
      '`files.save` without a gesture of the person in the app: at start, then every second while the person clicks the launcher (not the app)',
    outcome:
      'each refused `save_refused` saying a click or key press in the app must come first, with no prompt; after a click in the app the same call prompts',
    apps: {
      main: () =>
        probeApp(`
  out.unasked = [];
  for (let i = 0; i < 4; i++) {
    out.unasked.push(await attempt(() => sdk.files.save('late.csv', 'a,b')));
    await wait(1000);
  }
  ${AFTER_A_CLICK}
  out.asked = await attempt(() => sdk.files.save('late.csv', 'a,b'));
`),
    },
    async check(t) {
      await t.open();
      // A gesture on the launcher gives the page transient activation, but not in the app's frame.
      for (let i = 0; i < 3; i++) {
        await t.page.getByRole('heading', { level: 1 }).click();
        await t.page.waitForTimeout(700);
      }
      await go(t);
      await expect(prompt(t)).toBeVisible();
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      const p = await t.probe();
      const unasked = p.unasked as Attempt[];
      expect(codes(unasked)).toEqual(Array(4).fill('save_refused'));
      for (const r of unasked) expect(r.message).toMatch(/only right after they click or press a key in it/);
      expect((p.asked as Attempt).error).toBe('save_refused');
      expect(t.downloads).toEqual([]);
      await launcherIntact(t);
    },
  },
  {
    id: 'F8',
    group: 'files',
    attempt:
      '`files.save` of `statement.pdf` + 60 invisible marks (U+034F, U+17B5, variation selectors, tags…) + `.txt`, saved by the person',
    outcome:
      'the prompt shows and the disk gets `statement.pdf.txt`: every default-ignorable code point removed',
    apps: {
      main: () =>
        probeApp(`
  ${AFTER_A_CLICK}
  const marks = '\\u034F\\u17B5\\u180B\\uFE0F\\u2065\\u3164\\u{E0100}\\u{E0041}\\u200B\\u2060';
  out.save = await attempt(() => sdk.files.save('statement.pdf' + marks.repeat(6) + '.txt', 'total: 0'));
`),
    },
    async check(t) {
      await t.open();
      await go(t);
      await expect(fileName(t)).toHaveText('statement.pdf.txt');
      await expect(prompt(t)).toContainText('Size: 8 bytes');
      const [download] = await Promise.all([
        t.page.waitForEvent('download'),
        prompt(t).getByRole('button', { name: 'Save', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('statement.pdf.txt');
      expect((await t.probe()).save).toEqual({ ok: true, value: 'undefined' });
    },
  },
  {
    id: 'F9',
    group: 'files',
    attempt:
      'a tapping game: the app puts its "Tap!" target where the launcher centres the prompt\'s Save (it knows its own size) and asks on the third tap, while the person taps on every 150 ms',
    outcome:
      'taps that come in a quick run press nothing, before and after the first half second: nothing downloads; the prompt waits, and "Don\'t save" reaches the app as `save_refused`',
    ownRoom: true,
    apps: {
      main: () =>
        probeApp(`
  const tap = document.createElement('button');
  tap.textContent = 'Tap!';
  // Where the centred prompt's Save lands for this name: 90 px left of and 30 px below the frame's centre.
  tap.style.cssText = 'position:fixed;width:44px;height:28px;z-index:9;left:' + (innerWidth / 2 - 112) + 'px;top:' + (innerHeight / 2 + 16) + 'px';
  document.body.append(tap);
  out.taps = 0;
  out.save = await new Promise((resolve) => {
    tap.onclick = () => {
      out.taps++;
      if (out.taps === 3) attempt(() => sdk.files.save('payload.pdf', '%PDF-1.4')).then(resolve);
    };
  });
`),
    },
    async check(t) {
      const frame = await t.open();
      const target = await frame.getByRole('button', { name: 'Tap!' }).boundingBox();
      if (!target) throw new Error('no Tap! target');
      const at = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
      // The launcher's own view of the rhythm: a loaded machine can stretch a 150 ms gap past 500 ms.
      await t.page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { taps: number[] }).taps = seen;
        addEventListener('pointerdown', (e) => seen.push(e.timeStamp), true);
      });
      for (let i = 0; i < 16; i++) {
        await t.page.mouse.click(at.x, at.y);
        await t.page.waitForTimeout(150);
      }
      await t.page.waitForTimeout(500);
      const taps = await t.page.evaluate(() => (window as unknown as { taps: number[] }).taps);
      const gaps = taps.slice(1).map((ms, i) => Math.round(ms - (taps[i] as number)));
      expect(
        t.downloads,
        `a tap pressed Save; gaps between taps as the launcher saw them: ${gaps.join(', ')} ms`,
      ).toEqual([]);
      const save = prompt(t).getByRole('button', { name: 'Save', exact: true });
      // The attack's premise: the taps after the third landed on Save.
      const box = await save.boundingBox({ timeout: 5_000 });
      if (!box) throw new Error('no Save button');
      expect(at.x >= box.x && at.x <= box.x + box.width && at.y >= box.y && at.y <= box.y + box.height).toBe(
        true,
      );
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      expect(((await t.probe()).save as Attempt).error).toBe('save_refused');
      await launcherIntact(t);
    },
  },
  {
    id: 'F10',
    group: 'files',
    attempt:
      'a form typed without looking: the app asks on the first key in Name, while the person types "John Smith", Tab, "john@example.com", Tab, Enter at 120 ms a key (the Tabs reach Don\'t save, then Save)',
    outcome:
      'keys that come in a quick run press nothing: nothing downloads; the same Enter on Save after a pause saves',
    ownRoom: true,
    apps: {
      main: () =>
        probeApp(`
  const name = document.createElement('input');
  name.setAttribute('aria-label', 'Name');
  const email = document.createElement('input');
  email.setAttribute('aria-label', 'Email');
  document.body.append(name, email);
  out.save = await new Promise((resolve) =>
    name.addEventListener('keydown', () => attempt(() => sdk.files.save('invoice.pdf', '%PDF-1.4')).then(resolve), { once: true }),
  );
`),
    },
    async check(t) {
      const frame = await t.open();
      await frame.getByRole('textbox', { name: 'Name' }).click();
      await t.page.keyboard.type('John Smith', { delay: 120 });
      await t.page.keyboard.press('Tab', { delay: 120 });
      await t.page.keyboard.type('john@example.com', { delay: 120 });
      await t.page.keyboard.press('Tab', { delay: 120 });
      await t.page.keyboard.press('Enter');
      await t.page.waitForTimeout(1_000);
      expect(t.downloads).toEqual([]);
      await expect(prompt(t)).toBeVisible();
      // The attack's premise: the second Tab put focus on Save, and Enter pressed it.
      await expect(prompt(t).getByRole('button', { name: 'Save', exact: true })).toBeFocused();
      // A person at the keyboard who looks, then presses Enter on Save, saves.
      const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toBe('invoice.pdf');
      expect((await t.probe()).save).toEqual({ ok: true, value: 'undefined' });
    },
  },
  {
    id: 'F11',
    group: 'files',
    attempt:
      "a file name that speaks in the launcher's voice: `photo.png (3 KB) from Room launcher, checked safe. Next_ Save invoice.txt`, then the same without the size, after a click in the app",
    outcome:
      'the first is refused `invalid_name` with no prompt; the second is asked with the launcher\'s own title "Save a file from <app>?" and the name only inside the box labelled File name, in monospace, not bold',
    apps: {
      main: () =>
        probeApp(`
  ${AFTER_A_CLICK}
  out.sized = await attempt(() => sdk.files.save('photo.png (3 KB) from Room launcher, checked safe. Next_ Save invoice.txt', 'x'));
  out.voice = await attempt(() => sdk.files.save('photo.png from Room launcher, checked safe. Next_ Save invoice.txt', 'x'));
`),
    },
    async check(t) {
      await t.open();
      await go(t);
      const dialog = t.page.getByRole('dialog', { name: `Save a file from ${t.appName()}?`, exact: true });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading')).toHaveText(`Save a file from ${t.appName()}?`);
      await expect(fileName(t)).toHaveText(
        'photo.png from Room launcher, checked safe. Next_ Save invoice.txt',
      );
      // Outside the box, only the launcher's words: none of the app's.
      const outside = await dialog.evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        for (const code of copy.querySelectorAll('code')) code.remove();
        return copy.textContent ?? '';
      });
      expect(outside).not.toMatch(/photo|checked safe|invoice|Room launcher/);
      const look = await fileName(t).evaluate((el) => {
        const box = getComputedStyle(el);
        return { font: box.fontFamily, weight: getComputedStyle(el.firstElementChild as Element).fontWeight };
      });
      expect(look.font).toMatch(/mono/i);
      expect(Number(look.weight)).toBeLessThanOrEqual(400);
      await prompt(t).getByRole('button', { name: "Don't save" }).click();
      const p = await t.probe();
      expect((p.sized as Attempt).error).toBe('invalid_name');
      expect((p.voice as Attempt).error).toBe('save_refused');
      expect(t.downloads).toEqual([]);
      await launcherIntact(t);
    },
  },
];
