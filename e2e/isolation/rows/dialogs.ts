import { expect } from '@playwright/test';
import { at, failed, launcherIntact } from '../assertions.ts';
import { clickProbeApp, probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Probe, RowContext } from '../rowEnv.ts';
import { openAndProbeUntouched } from '../rowHelpers.ts';

/** Resolves once the person has been shown a fourth dialog, polling until the row's test ends. */
async function fourthDialog(t: RowContext): Promise<Probe> {
  while (t.dialogs.length <= 3 && !t.page.isClosed()) await new Promise((r) => setTimeout(r, 50));
  return {};
}

/** Opens the row's app and presses its **Go** (the person's click), then reads its probe. */
async function clickAndProbe(t: RowContext): Promise<Probe> {
  await t.open();
  await t.frame().getByRole('button', { name: 'Go' }).click();
  return t.probe();
}

export const dialogs: Row[] = [
  {
    id: 'DG1',
    group: 'dialogs',
    attempt: 'from a click: alert, confirm and prompt 30 times each, in one loop',
    outcome:
      'the person sees 3 dialogs; the rest are answered without asking (false, null); the launcher offers "Close app", which removes the frame',
    apps: {
      main: () =>
        clickProbeApp(`
  const answers = [];
  for (let i = 0; i < 30; i++) {
    alert('DG1 alert ' + i);
    answers.push(confirm('DG1 confirm ' + i), prompt('DG1 prompt ' + i, 'x'));
  }
  out.last = answers.slice(-2);
`),
    },
    async check(t) {
      // A fourth dialog fails the row at once: ninety native ones, each answered by the test, can outlast the probe's wait.
      const p = await Promise.race([clickAndProbe(t), fourthDialog(t)]);
      expect(t.dialogs, 'dialogs the person saw').toEqual([
        'alert: DG1 alert 0',
        'confirm: DG1 confirm 0',
        'prompt: DG1 prompt 0',
      ]);
      expect(p.last).toEqual([false, null]);
      const banner = t.page.getByRole('tabpanel').getByRole('alert');
      await expect(banner).toContainText('opened too many dialogs');
      await banner.getByRole('button', { name: 'Close app' }).click();
      await expect(t.page.getByRole('tabpanel').getByRole('alert')).toContainText('You closed this app.');
      await expect(t.iframe()).toHaveCount(0);
      expect(t.popups).toEqual([]);
    },
  },
  {
    id: 'DG2',
    group: 'dialogs',
    attempt:
      'no gesture ever: alert, confirm and prompt from a timer 1.5 s after mount, a microtask chain, requestAnimationFrame and a synthetic click',
    outcome:
      'no dialog appears: each is answered without asking (confirm false, prompt null); no "Close app"',
    apps: {
      main: () =>
        probeApp(`
  out.timer = await new Promise((r) => setTimeout(() => r(confirm('DG2 timer')), 1500));
  out.micro = await Promise.resolve().then(() => prompt('DG2 microtask'));
  out.raf = await new Promise((r) => requestAnimationFrame(() => r(confirm('DG2 raf'))));
  const b = document.createElement('button');
  b.onclick = () => { out.synthetic = confirm('DG2 synthetic'); alert('DG2 alert'); };
  document.body.append(b);
  b.click();
`),
    },
    async check(t) {
      const p = await openAndProbeUntouched(t, 3000);
      expect(t.dialogs).toEqual([]);
      expect([p.timer, p.micro, p.raf, p.synthetic]).toEqual([false, null, false, false]);
      await launcherIntact(t);
    },
  },
  {
    id: 'DG3',
    group: 'dialogs',
    attempt:
      'from a click: print(), and beforeunload prompts (onbeforeunload returning text, a listener calling preventDefault and setting returnValue); then the person reloads the launcher',
    outcome: 'nothing prints (no beforeprint event); no "Leave site?" prompt; the launcher reloads',
    apps: {
      main: () =>
        clickProbeApp(`
  let printed = 0;
  window.addEventListener('beforeprint', () => printed++);
  out.print = await attempt(() => print());
  window.onbeforeunload = () => 'DG3 stay';
  window.addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = 'DG3 stay'; });
  await wait(300);
  out.printed = printed;
`),
    },
    async check(t) {
      const p = await clickAndProbe(t);
      expect(p.printed).toBe(0);
      await launcherIntact(t);
      await t.page.reload();
      await expect(t.page.getByRole('tab', { name: t.appName(), exact: true })).toBeVisible();
      expect(t.dialogs, 'dialogs').toEqual([]);
    },
  },
  {
    id: 'DG4',
    group: 'dialogs',
    attempt:
      'from a click: alert, confirm, prompt and print of a frame it makes inside its own (a plain child iframe, a srcdoc one, frames[0]), hoping for a realm whose dialogs the runtime never wrapped',
    outcome:
      'every nested frame of the sandboxed frame is a document of its own opaque origin: each read throws SecurityError; no dialog',
    apps: {
      main: () =>
        clickProbeApp(`
  const plain = document.createElement('iframe');
  document.body.append(plain);
  const srcdoc = document.createElement('iframe');
  srcdoc.srcdoc = '<p>inner</p>';
  document.body.append(srcdoc);
  await wait(300);
  for (const [name, win] of [['plain', plain.contentWindow], ['srcdoc', srcdoc.contentWindow], ['indexed', window[0]]]) {
    out[name + 'Confirm'] = await attempt(() => win.confirm('DG4 ' + name));
    out[name + 'Alert'] = await attempt(() => win.alert('DG4 ' + name));
    out[name + 'Print'] = await attempt(() => win.print());
  }
  out.document = await attempt(() => plain.contentDocument);
`),
    },
    async check(t) {
      const p = await clickAndProbe(t);
      for (const name of ['plain', 'srcdoc', 'indexed'])
        for (const call of ['Confirm', 'Alert', 'Print']) failed(at(p, name + call), 'SecurityError');
      expect(at(p, 'document')).toEqual({ ok: true, value: null });
      expect(t.dialogs).toEqual([]);
      await launcherIntact(t);
    },
  },
  {
    id: 'DG5',
    group: 'dialogs',
    attempt:
      "takes the runtime's port (MessagePort.prototype.postMessage) and claims four dialogs open at once, then spins (the host waits on an open dialog)",
    outcome:
      'the launcher counts the claims too: a dialog claimed while another is still open (native dialogs block) stops the waiting and offers "Close app"; the watchdog removes the spinning frame within seconds',
    timeoutMs: 40_000,
    apps: {
      main: () =>
        probeApp(`
  const post = MessagePort.prototype.postMessage;
  let port;
  MessagePort.prototype.postMessage = function (...args) { port = this; return post.apply(this, args); };
  await sdk.storage.get('dg5');
  MessagePort.prototype.postMessage = post;
  for (let i = 0; i < 4; i++) port.postMessage({ type: 'dialog', phase: 'open' });
  setTimeout(() => { for (;;) {} }, 300);
`),
    },
    async check(t) {
      // Not its probe: the frame spins 300 ms after writing it, a window a busy machine misses; the stop proves it ran.
      await t.open();
      const panel = t.page.getByRole('tabpanel');
      await expect(panel.getByText('This app stopped responding')).toBeVisible({ timeout: 15_000 });
      await expect(t.iframe()).toHaveCount(0);
      expect(t.dialogs).toEqual([]);
    },
  },
  {
    id: 'DG6',
    group: 'dialogs',
    attempt:
      "no gesture: takes the runtime's port and claims one dialog open (within the count), then spins, hoping the host waits 3 minutes on a dialog that was never shown",
    outcome:
      'the launcher waits on a dialog only right after a gesture in that app: the watchdog removes the spinning frame within seconds',
    timeoutMs: 40_000,
    apps: {
      main: () =>
        probeApp(`
  const post = MessagePort.prototype.postMessage;
  let port;
  MessagePort.prototype.postMessage = function (...args) { port = this; return post.apply(this, args); };
  await sdk.storage.get('dg6');
  MessagePort.prototype.postMessage = post;
  port.postMessage({ type: 'dialog', phase: 'open' });
  setTimeout(() => { for (;;) {} }, 300);
`),
    },
    async check(t) {
      // Not its probe: the frame spins 300 ms after writing it, a window a busy machine misses; the stop proves it ran.
      await t.open();
      const panel = t.page.getByRole('tabpanel');
      await expect(panel.getByText('This app stopped responding')).toBeVisible({ timeout: 15_000 });
      await expect(t.iframe()).toHaveCount(0);
      await expect(panel.getByText('opened too many dialogs')).toHaveCount(0);
      expect(t.dialogs).toEqual([]);
    },
  },
];
