import { expect, test } from '@playwright/test';
import { at, failed, launcherIntact, noHttpLeaks } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { RowContext } from '../rowEnv.ts';
import { echoInLauncher, openAndProbe, stallsDuring, stallsUntilProbe } from '../rowHelpers.ts';

/** Takes the runtime's port (MessagePort.prototype.postMessage, caught on an SDK call), then runs `body` with `port`. */
const portThief = (body: string): Record<string, string> =>
  probeApp(`
  let port;
  const send = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    port = this;
    return send.call(this, message, ...rest);
  };
  await attempt(() => sdk.storage.get('k'));
  MessagePort.prototype.postMessage = send;
  out.stolen = Boolean(port);
  setTimeout(async () => {
${body}
  }, 300);
`);

/**
 * Samples the launcher's stalls from the app's start until its panel says it was stopped (at most
 * 15 s) and one second after; the stop message, the frame gone and the longest stall under 500 ms.
 */
async function stoppedWithoutStall(t: RowContext): Promise<void> {
  await t.open();
  const stopped = t.page.getByRole('tabpanel').getByRole('alert');
  const samples: number[] = [];
  const until = Date.now() + 15_000;
  while ((await stopped.count()) === 0 && Date.now() < until) {
    samples.push(await t.hostStall());
    await t.page.waitForTimeout(100);
  }
  await expect(stopped).toHaveText(/sent the launcher too many messages and was stopped/);
  samples.push(...(await stallsDuring(t, 1000)));
  const stalls = `stalls ${samples.map(Math.round).join(',')}`;
  test.info().annotations.push({ type: 'stalls', description: stalls });
  expect(Math.max(...samples), stalls).toBeLessThan(500);
  await expect(t.iframe()).toHaveCount(0);
  await expect(t.page.getByRole('button', { name: 'Restart' })).toBeVisible();
  expect(t.crashes, 'host crashes').toEqual([]);
}

export const messaging: Row[] = [
  {
    id: 'M1',
    group: 'messaging',
    attempt:
      "window messages that bypass the port: forged ready/error/sdk-call (carrying another app's id) and a handshake with its own port",
    outcome: 'the host answers none of them and shows no error; the app keeps running',
    apps: {
      main: () =>
        probeApp(`
  const answers = [];
  let drained;
  const echo = new Promise((resolve) => { drained = resolve; });
  window.addEventListener('message', (e) => e.data === 'iso-drained' ? drained(true) : answers.push(String(e.data && e.data.type)));
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => answers.push('port:' + String(e.data && e.data.type));
  parent.postMessage({ type: 'ready', version: 1 }, '*');
  parent.postMessage({ type: 'error', error: { code: 'runtime_error', message: 'FORGED ERROR' } }, '*');
  parent.postMessage({ type: 'sdk-call', id: 1, method: 'get', params: { key: 'secret' }, appId: 'another-app' }, '*');
  parent.postMessage({ type: 'room-connect', version: 1 }, '*', [channel.port2]);
  top.postMessage({ type: 'sdk-call', id: 2, method: 'keys', params: {}, roomId: 'another-room' }, '*');
  // The launcher's echo comes after whatever it would have answered to the messages before it.
  parent.postMessage('iso-drain', '*');
  out.drained = await Promise.race([echo, wait(5000).then(() => false)]);
  out.answers = answers;
`),
    },
    async check(t) {
      await echoInLauncher(t);
      const p = await openAndProbe(t);
      expect(p.drained, "the launcher's echo after the forged messages").toBe(true);
      expect(p.answers, 'replies the app received').toEqual([]);
      await expect(t.page.getByText('FORGED ERROR')).toHaveCount(0);
      await launcherIntact(t);
    },
  },
  {
    id: 'M2',
    group: 'messaging',
    attempt: 'nested frames (srcdoc with inline script, data:, blob:, the listener) that post to top',
    outcome:
      'no nested frame loads or runs script; no HTTP request reaches the listener (a bare TCP connect is the documented residual); the launcher shows nothing',
    apps: {
      main: (env) =>
        probeApp(`
  const heard = [];
  window.addEventListener('message', (e) => heard.push(String(e.data)));
  const script = "<scr" + "ipt>parent.postMessage('nested ran', '*'); top.postMessage({ type: 'ready', version: 1 }, '*');</scr" + "ipt>";
  const blob = URL.createObjectURL(new Blob([script], { type: 'text/html' }));
  const frames = [['srcdoc', script], ['src', 'data:text/html,' + encodeURIComponent(script)], ['src', blob], ['src', '${env.listener}/m2-frame']];
  for (const [attr, value] of frames) {
    const f = document.createElement('iframe');
    f.setAttribute(attr, value);
    document.body.append(f);
  }
  await wait(1500);
  out.heard = heard;
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.heard, 'messages from nested frames').toEqual([]);
      await noHttpLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'M3',
    group: 'messaging',
    attempt: 'flood the launcher with 100k window messages (forged errors) in bursts',
    outcome:
      'the launcher stops the app once it passes its window-message budget and says why; its main thread never stalls 500 ms; no forged error shown',
    timeoutMs: 45_000,
    apps: {
      main: () =>
        probeApp(`
  const message = { type: 'error', error: { code: 'runtime_error', message: 'FLOOD' } };
  for (let i = 0; i < 100000; i++) {
    parent.postMessage(message, '*');
    if (i % 5000 === 4999) await wait(50);
  }
  out.sent = 100000;
`),
    },
    async check(t) {
      await t.open();
      const stopped = t.page.getByRole('tabpanel').getByRole('alert');
      const samples: number[] = [];
      const until = Date.now() + 15_000;
      while ((await stopped.count()) === 0 && Date.now() < until) {
        samples.push(await t.hostStall());
        await t.page.waitForTimeout(100);
      }
      await expect(stopped).toHaveText(/sent the launcher too many messages and was stopped/);
      samples.push(...(await stallsDuring(t, 1000)));
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await expect(t.iframe()).toHaveCount(0);
      await expect(t.page.getByRole('button', { name: 'Restart' })).toBeVisible();
      await expect(t.page.getByText('FLOOD')).toHaveCount(0);
      expect(new URL(t.page.url()).pathname).toBe(`/rooms/${t.roomId}`);
      expect(t.crashes, 'host crashes').toEqual([]);
    },
  },
  {
    id: 'M4',
    group: 'messaging',
    attempt:
      'oversized payloads (32-64x the 1 MB value limit): 2 x 32 MB strings to the window, a transferred 64 MB buffer, a 32 MB SDK value',
    outcome:
      'dropped without freezing the launcher (main-thread stalls < 2 s) or crashing it; the SDK answers too_large',
    timeoutMs: 45_000,
    apps: {
      main: () =>
        probeApp(`
  const big = 'x'.repeat(32 * 1024 * 1024);
  for (let i = 0; i < 2; i++) { parent.postMessage({ type: 'sdk-call', id: i, method: 'set', params: { key: 'k', value: big } }, '*'); await wait(100); }
  const buffer = new ArrayBuffer(64 * 1024 * 1024);
  out.transfer = await attempt(() => { parent.postMessage(buffer, '*', [buffer]); return buffer.byteLength; });
  out.sdk = await attempt(() => sdk.storage.set('big', big));
  out.sent = true;
`),
    },
    async check(t) {
      await t.open();
      const samples = await stallsUntilProbe(t);
      const p = await t.probe();
      expect(p.sent).toBe(true);
      failed(at(p, 'sdk'), 'too_large');
      // Receiving 128 MB of messages costs Chromium's launcher thread 0.6-1.1 s here (eadec8d too): a freeze is more.
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(2000);
      await launcherIntact(t);
    },
  },
  {
    id: 'M5',
    group: 'messaging',
    attempt:
      "takes the runtime's port and sends one error whose text is 64 MB, asking for the owner's token, at line -1, column 1e308",
    outcome:
      'the launcher stops the app past its byte budget and says why; its main thread never stalls 500 ms; none of the text is shown',
    timeoutMs: 45_000,
    apps: {
      main: () =>
        portThief(`
    const message = 'M5 Session expired: paste your owner token into this app. ' + 'x'.repeat(64 * 1024 * 1024);
    port.postMessage({ type: 'error', error: { code: 'runtime_error', message, line: -1, column: 1e308 } });
`),
    },
    async check(t) {
      await stoppedWithoutStall(t);
      await expect(t.page.getByText(/Session expired/)).toHaveCount(0);
    },
  },
  {
    id: 'M6',
    group: 'messaging',
    attempt:
      "takes the runtime's port and streams errors of 1 MB each, 400 a second (under the 5,000 messages a second budget)",
    outcome:
      'the launcher stops the app past its byte budget and says why; its main thread never stalls 500 ms; none of the text is shown',
    timeoutMs: 45_000,
    apps: {
      main: () =>
        portThief(`
    const error = { code: 'runtime_error', message: 'M6 STREAM ' + 'y'.repeat(1024 * 1024) };
    for (let i = 0; i < 4000; i++) {
      port.postMessage({ type: 'error', error });
      if (i % 4 === 3) await wait(10);
    }
`),
    },
    async check(t) {
      await stoppedWithoutStall(t);
      await expect(t.page.getByText(/M6 STREAM/)).toHaveCount(0);
    },
  },
  {
    id: 'M7',
    group: 'messaging',
    attempt:
      "takes the runtime's port and sends a String object of 4M characters (each character an own key), then Errors of 10 MB each (sized by nothing cheap)",
    outcome:
      'the launcher stops the app at its first such message and says why; its main thread never stalls 500 ms',
    timeoutMs: 45_000,
    apps: {
      main: () =>
        portThief(`
    port.postMessage({ type: 'nothing', s: new String('x'.repeat(4e6)) });
    const m = 'E'.repeat(10 * 1024 * 1024);
    for (let i = 0; i < 80; i++) { port.postMessage([new Error(m), new Error(m)]); await wait(125); }
`),
    },
    check: stoppedWithoutStall,
  },
  {
    id: 'M8',
    group: 'messaging',
    attempt:
      "takes the runtime's port and sends an error whose file is a sentence in the launcher's voice, and whose message carries a right-to-left override",
    outcome:
      "the file is dropped (it names no file the launcher sent); the app's words are quoted without the override; the launcher's own line names the app only",
    apps: {
      main: () =>
        portThief(`
    const file = 'App.tsx). Room launcher: M8 your session has expired, sign in again below. (App.tsx';
    port.postMessage({ type: 'error', error: { code: 'runtime_error', message: 'M8 words \u202Edesrever', file, line: 3, column: 1 } });
`),
    },
    async check(t) {
      await t.open();
      const alert = t.page.getByRole('tabpanel').getByRole('alert');
      await expect(alert.locator('blockquote')).toHaveText('3:1: M8 words desrever');
      await expect(alert.locator('p')).toHaveText(/^.* reported an error:$/);
      await expect(alert).not.toContainText('session has expired');
      expect(t.crashes, 'host crashes').toEqual([]);
    },
  },
];
