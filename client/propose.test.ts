import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDir, runRoom } from '../test-support/cliHarness.ts';
import { defined } from '../test-support/defined.ts';
import { startLossyProxy } from '../test-support/LossyProxy.ts';
import { startTestServer, type TestServer } from '../test-support/startTestServer.ts';
import { type Api, apiClient } from '../test-support/testClient.ts';
import { snippetKey } from '../validation/idempotencyKey.ts';
import type { ToolInput } from '../validation/mcpTools.ts';
import { validateSnippetProposal } from '../validation/proposal.ts';
import type { RequestError } from './RequestError.ts';
import { RoomClient } from './RoomClient.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const SEEDS = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'seed-validation-cases.json'), 'utf8'))
  .cases as {
  case: string;
  arguments: Record<string, unknown>;
}[];
type SnippetArgs = ToolInput<'propose_room_snippet_app'>;
const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const NEXT = 'Approve it under Connected → Needs your approval, then tell me.';

let s: TestServer;
let owner: Api;
let roomId: string;
let auth: string[];

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'CLI room' })).body.room.id;
  auth = ['--url', s.url, '--token', s.ownerToken];
});
afterEach(async () => s.close());

const pending = async () =>
  (await owner('GET', `/api/rooms/${roomId}/proposals?state=pending`)).body.proposals;

describe('room propose', () => {
  it('collects text files, derives the key, proposes once and prints the next step', async () => {
    const files = { 'src/App.tsx': APP, 'src/styles.css': 'h1 {}\n' };
    const dir = appDir({ ...files, 'logo.png': new Uint8Array([137, 80, 0, 1]), 'node_modules/x/i.js': 'x' });
    const r = await runRoom(['propose', dir, '--room', roomId, '--name', 'Hi', ...auth]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(NEXT);
    expect(r.stderr).toContain('skipped logo.png (binary)');
    const [first, ...more] = await pending();
    const card = defined(first, 'pending card');
    expect(more).toHaveLength(0);
    expect(card.files).toEqual(files);
    expect(r.stdout).toContain(card.id);

    const again = await runRoom(['propose', dir, '--room', roomId, '--name', 'Hi', '--json', ...auth]);
    expect(again.json()).toMatchObject({
      proposal_id: card.id,
      replayed: true,
      idempotency_key: await snippetKey(roomId, 'Hi', files),
    });
    expect(await pending()).toHaveLength(1);
  });

  it('says when a proposal updates an approved app of the same name, and which version it is based on', async () => {
    const first = await runRoom([
      'propose',
      appDir({ 'src/App.tsx': APP }),
      '--room',
      roomId,
      '--name',
      'Hi',
      ...auth,
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).not.toContain('update of');
    const card = defined((await pending())[0], 'pending card');
    const app = (await owner('POST', `/api/rooms/${roomId}/proposals/${card.id}/approve`)).body.app;
    const v2 = appDir({ 'src/App.tsx': APP.replace('Hi', 'Hello') });
    const r = await runRoom(['propose', v2, '--room', roomId, '--name', 'Hi', ...auth]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^Proposed "Hi" as \S+, update of "Hi" \(version 1\)$/);
    const json = await runRoom(['propose', v2, '--room', roomId, '--name', 'Hi', '--json', ...auth]);
    expect(json.json()).toMatchObject({
      replayed: true,
      update: { instance_id: app.id, app_name: 'Hi', base_version: 1 },
    });
  });

  it('prints what the review card will flag before it sends anything, and puts it in --json', async () => {
    const app = [
      "import { useStoredState } from '@room/sdk';",
      'export default function App() {',
      "  const [n] = useStoredState('count', 0);",
      "  fetch('/x');",
      '  return <p>{n}</p>;',
      '}',
    ].join('\n');
    const dir = appDir({ 'src/App.tsx': app, 'src/util.ts': 'export const x = 1;\n' });
    // Nothing listens on this port: the flags are on stderr all the same, before the call fails.
    const dead = ['--url', 'http://127.0.0.1:5661', '--token', 'room_x'];
    const r = await runRoom(['propose', dir, '--room', roomId, '--name', 'Hi', ...dead]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      [
        'room: the review card will flag these 2:',
        "  src/App.tsx:3:15  Storage key: useStoredState('count')",
        '  src/App.tsx:4:3  Network (the frame blocks it): fetch',
      ].join('\n'),
    );
    const json = await runRoom(['propose', dir, '--room', roomId, '--name', 'Hi', '--json', ...auth]);
    expect(json.stderr).not.toContain('review card');
    expect(json.json().review_flags).toEqual([
      {
        file: 'src/App.tsx',
        line: 3,
        column: 15,
        kind: 'storage_key',
        length: 14,
        label: "useStoredState('count')",
      },
      { file: 'src/App.tsx', line: 4, column: 3, kind: 'network', length: 5, label: 'fetch' },
    ]);
    // An app with nothing to flag proposes without a word about it.
    const plain = await runRoom([
      'propose',
      appDir({ 'src/App.tsx': APP }),
      '--room',
      roomId,
      '--name',
      'Plain',
      ...auth,
    ]);
    expect(plain.stderr).toBe('');
  });

  it('rejects locally before any network call', async () => {
    const dir = appDir({ 'src/App.tsx': 'export const App = 1;\n' });
    // Nothing listens on this port: reaching the network would exit 1, not 3.
    const r = await runRoom([
      'propose',
      dir,
      '--room',
      roomId,
      '--name',
      'Hi',
      '--url',
      'http://127.0.0.1:5498',
    ]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe(
      'REJECT (rule) missing_entry: src/App.tsx has no default export: add `export default function App() { … }`',
    );
  });

  it('gives the same verdicts as the server on the seed cases and ours', async () => {
    const ok = { 'src/App.tsx': APP };
    const base = { room_id: roomId, name: 'Mine', files: ok, idempotency_key: 'snip-aaaaaaaaaaaaaaaa' };
    const ours: Record<string, unknown>[] = [
      { ...base, name: 'evil\u202etxt' },
      { ...base, name: 'zero\u200bwidth' },
      { ...base, files: { ...ok, 'C:/x.ts': 'x' } },
      { ...base, files: { ...ok, 'src/\u0000.ts': 'x' } },
      { ...base, files: { ...ok, 'src/': 'x' } },
      { ...base, files: { ...ok, './a.ts': 'x' } },
      { ...base, files: { 'src/App.tsx': 'const App = 1;' } },
      { ...base, files: { ...ok, 'big.ts': 'x'.repeat(64 * 1024 + 1) } },
      { ...base, limit: 3 },
      { ...base, files: { ...ok, 'room.json': '{"csp":{"connectDomains":["https://*.github.io"]}}' } },
      { ...base, files: { ...ok, 'room.json': '{"csp":{"resourceDomain":[]}}' } },
    ];
    const client = new RoomClient({ url: s.url, token: s.ownerToken });
    const cases = [...SEEDS.map((c) => ({ ...c.arguments, room_id: roomId })), ...ours];
    for (const args of cases) {
      const local = validateSnippetProposal(args);
      // Deliberately off-contract arguments: the server must refuse them as the local check does.
      const server = await client.callTool('propose_room_snippet_app', args as SnippetArgs).then(
        () => ({ ok: true }),
        (e: RequestError) => ({ ok: false, code: e.code, message: e.message }),
      );
      if (local.ok) expect(server, JSON.stringify(args).slice(0, 80)).toEqual({ ok: true });
      else expect(server).toEqual({ ok: false, code: local.error.code, message: local.error.message });
    }
    await client.close();
    expect(cases).toHaveLength(20);
  });

  it('refuses a bad room.json locally naming the entry; the server alone knows its own sites and loopback', async () => {
    const dir = appDir({
      'src/App.tsx': APP,
      'room.json': '{"csp":{"connectDomains":["https://10.0.0.1"]}}',
    });
    const r = await runRoom([
      'propose',
      dir,
      '--room',
      roomId,
      '--name',
      'Hi',
      '--url',
      'http://127.0.0.1:5498',
    ]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(
      /^REJECT \(rule\) invalid_network: room\.json csp\.connectDomains: "https:\/\/10\.0\.0\.1" is refused: IP addresses/,
    );
    // Loopback passes the shared rules; this server has ROOM_NETWORK_ALLOW_LOOPBACK off, so it refuses.
    const loop = appDir({
      'src/App.tsx': APP,
      'room.json': '{"csp":{"connectDomains":["http://127.0.0.1:8080"]}}',
    });
    const sent = await runRoom(['propose', loop, '--room', roomId, '--name', 'Hi', ...auth]);
    expect(sent.code).not.toBe(0);
    expect(sent.stderr).toContain('invalid_network');
    expect(await pending()).toHaveLength(0);
  });

  it('retries a dropped answer with the same key: one card, not two', async () => {
    let drops = 1;
    const proxy = await startLossyProxy(s.url, () => drops-- > 0);
    try {
      const dir = appDir({ 'src/App.tsx': APP });
      const r = await runRoom([
        'propose',
        dir,
        '--room',
        roomId,
        '--name',
        'Lossy',
        '--url',
        proxy.url,
        '--token',
        s.ownerToken,
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(proxy.stats).toEqual({ proposalCalls: 2, dropped: 1 });
      expect(r.stderr).toContain('retrying with the same key');
      expect(r.json()).toMatchObject({ replayed: true, state: 'pending_review' });
      const cards = await pending();
      expect(cards.map((c: { id: string }) => c.id)).toEqual([r.json().proposal_id]);
    } finally {
      await proxy.close();
    }
  });

  it('retries 5xx answers a bounded number of times, then fails with one line', async () => {
    // The proxy answers 502 when its upstream is down: every attempt fails the same way.
    const proxy = await startLossyProxy('http://127.0.0.1:5497', () => false);
    try {
      const dir = appDir({ 'src/App.tsx': APP });
      const r = await runRoom([
        'propose',
        dir,
        '--room',
        roomId,
        '--name',
        'Down',
        '--url',
        proxy.url,
        '--token',
        't',
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr.match(/retrying with the same key/g)).toHaveLength(4);
      expect(r.stderr.split('\n').at(-1)).toBe('room: not_available: upstream unreachable');
    } finally {
      await proxy.close();
    }
  });

  it('answers one clear line on server-side refusals', async () => {
    const dir = appDir({ 'src/App.tsx': APP });
    const r = await runRoom(['propose', dir, '--room', 'nope', '--name', 'Hi', ...auth]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^room: not_found: .+$/);
    const bad = await runRoom([
      'propose',
      dir,
      '--room',
      roomId,
      '--name',
      'Hi',
      '--url',
      s.url,
      '--token',
      'wrong',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^room: invalid_token: .*ROOM_TOKEN/);
    const twice = await runRoom([
      'propose',
      dir,
      '--room',
      roomId,
      '--name',
      'Other',
      '--key',
      'fixed-key-1',
      ...auth,
    ]);
    expect(twice.code).toBe(0);
    const clash = await runRoom([
      'propose',
      dir,
      '--room',
      roomId,
      '--name',
      'Else',
      '--key',
      'fixed-key-1',
      ...auth,
    ]);
    expect(clash.stderr).toMatch(/^room: idempotency_key_mismatch: /);
  });
});
