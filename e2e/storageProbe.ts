import { type APIRequestContext, expect, type FrameLocator, type Page } from '@playwright/test';
import { approveProposal, proposeApp, requestApi } from '../test-support/proposeApp.ts';
import { E2E_OWNER_TOKEN } from './env.ts';

const auth = { authorization: `Bearer ${E2E_OWNER_TOKEN}` };

/**
 * An app that drives `@room/sdk` from buttons and prints what it saw in its own DOM: the key and
 * value inputs feed each call; `#out` shows `label: ok <json>` or `label: <code> <is an Error>`.
 */
const PROBE_APP = `import { useState } from 'react';
import { storage, useStoredState } from '@room/sdk';

export default function App() {
  const [key, setKey] = useState('k');
  const [value, setValue] = useState('');
  const [out, setOut] = useState('idle');
  const [seq, setSeq] = useState(0);
  const [note, setNote, status] = useStoredState('note', 'none');
  const show = (v) => (v === undefined ? 'undefined' : JSON.stringify(v));
  const run = (label, make) => {
    setSeq((n) => n + 1);
    setOut(label + ': running');
    make().then(
      (v) => setOut(label + ': ok ' + show(v)),
      (e) => setOut(label + ': ' + e.code + ' ' + (e instanceof Error)),
    );
  };
  const fill = async () => {
    for (let i = 0; i < 12; i++) await storage.set('fill-' + i, 'x'.repeat(1000000)).catch((e) => { e.code = e.code + ' at ' + i; throw e; });
    return 'no limit';
  };
  const flood = async () => {
    const all = await Promise.allSettled(Array.from({ length: 100 }, () => storage.get('k')));
    const codes = all.filter((r) => r.status === 'rejected').map((r) => r.reason.code);
    return codes.length + ' rejected, ' + codes.filter((c) => c === 'too_many_requests').length + ' too_many_requests';
  };
  const bench = async () => {
    const t0 = performance.now();
    for (let i = 0; i < 50; i++) await storage.set('bench', { i, at: Date.now() });
    const t1 = performance.now();
    for (let i = 0; i < 50; i++) await storage.get('bench');
    const t2 = performance.now();
    return 'set ' + ((t1 - t0) / 50).toFixed(2) + ' ms, get ' + ((t2 - t1) / 50).toFixed(2) + ' ms';
  };
  const forge = async () => {
    let replies = 0;
    const count = () => (replies += 1);
    window.addEventListener('message', count);
    const claim = { appId: value, instanceId: value, roomId: value };
    for (const target of [window.parent, window.top]) {
      target.postMessage({ type: 'sdk-call', id: 1, method: 'storage.set', params: { key, value: 'forged', ...claim } }, '*');
      target.postMessage({ type: 'sdk-call', id: 2, method: 'storage.clear', params: claim }, '*');
      target.postMessage({ type: 'storage.set', key, value: 'forged', ...claim }, '*');
    }
    await new Promise((r) => setTimeout(r, 500));
    window.removeEventListener('message', count);
    return 'posted, replies ' + replies;
  };
  return (
    <main>
      <input aria-label="Key" value={key} onChange={(e) => setKey(e.target.value)} />
      <input aria-label="Value" value={value} onChange={(e) => setValue(e.target.value)} />
      <button onClick={() => run('set', () => storage.set(key, value))}>Set</button>
      <button onClick={() => run('get', () => storage.get(key))}>Get</button>
      <button onClick={() => run('delete', () => storage.delete(key))}>Delete</button>
      <button onClick={() => run('keys', () => storage.keys())}>Keys</button>
      <button onClick={() => run('clear', () => storage.clear())}>Clear</button>
      <button onClick={() => run('fill', fill)}>Fill</button>
      <button onClick={() => run('large', () => storage.set('big', 'x'.repeat(1100000)))}>Too large</button>
      <button onClick={() => run('date', () => storage.set('bad', new Date()))}>Date</button>
      <button onClick={() => run('function', () => storage.set('bad', { f: () => 1 }))}>Function</button>
      <button onClick={() => run('nan', () => storage.set('bad', [Number.NaN]))}>NaN</button>
      <button onClick={() => run('badkey', () => storage.set('', 1))}>Empty key</button>
      <button onClick={() => run('flood', flood)}>Flood</button>
      <button onClick={() => run('forge', forge)}>Forge</button>
      <button onClick={() => run('bench', bench)}>Bench</button>
      <button onClick={() => setNote(value)}>Save note</button>
      <pre data-testid="out" data-seq={seq}>{out}</pre>
      <p data-testid="note">{status.loading ? 'loading' : 'note=' + note}</p>
      <p data-testid="note-error">{status.error ? status.error.code : 'no error'}</p>
    </main>
  );
}
`;

export async function newRoom(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/api/rooms', { headers: auth, data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { room: { id: string } }).room.id;
}

/** Proposes the probe app to a room and approves it, both through the real API. */
export async function addProbe(
  request: APIRequestContext,
  roomId: string,
  name: string,
): Promise<{ appId: string; contentSha256: string }> {
  const owner = requestApi(request, E2E_OWNER_TOKEN);
  const proposal = await proposeApp(owner, roomId, { name, files: { 'src/App.tsx': PROBE_APP } });
  const app = await approveProposal(owner, roomId, proposal.id);
  return { appId: app.id, contentSha256: proposal.content_sha256 };
}

/** A page load, the room's read, the app's files and its compile: on two busy cores this took over 5 s. */
const OPEN = { timeout: 15_000 };

/** Opens an app in the launcher and waits for its frame to render and finish its first stored read. */
export async function openProbe(page: Page, roomId: string, appId: string, name: string): Promise<Probe> {
  await page.goto(`/rooms/${roomId}?app=${appId}`);
  const frame = page.frameLocator(`iframe[title="${name}"]`);
  await expect(frame.getByTestId('out')).toHaveText('idle', OPEN);
  const probe = new Probe(frame);
  await expect(probe.note()).not.toHaveText('loading');
  return probe;
}

/** Drives one probe frame from the test. */
export class Probe {
  constructor(readonly frame: FrameLocator) {}

  /** Fills key and value, clicks a button, and waits for its result line. */
  async run(button: string, opts: { key?: string; value?: string } = {}): Promise<string> {
    // Checked after filling: typing that went elsewhere (focus moved) fails here, not as a wrong result.
    for (const [label, text] of [
      ['Key', opts.key],
      ['Value', opts.value],
    ] as const) {
      if (text === undefined) continue;
      await this.frame.getByLabel(label).fill(text);
      await expect(this.frame.getByLabel(label)).toHaveValue(text);
    }
    const out = this.frame.getByTestId('out');
    const seq = Number(await out.getAttribute('data-seq'));
    await this.frame.getByRole('button', { name: button, exact: true }).click();
    await expect(out).toHaveAttribute('data-seq', String(seq + 1));
    await expect(out).not.toHaveText(/: running$/, { timeout: 20_000 });
    return (await out.textContent()) ?? '';
  }

  note() {
    return this.frame.getByTestId('note');
  }
}

/** Every request the browser context makes (shell and frames), URL and body, to prove data stays local. */
export function logRequests(context: import('@playwright/test').BrowserContext) {
  const seen: string[] = [];
  context.on('request', (r) => seen.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`));
  return {
    count: () => seen.length,
    leaking: (marker: string) => seen.filter((s) => s.includes(marker)),
  };
}
