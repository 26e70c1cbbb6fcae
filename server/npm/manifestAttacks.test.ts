import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type TestPackage, TestRegistry } from '../../test-support/TestRegistry.ts';
import { type Api, apiClient } from '../../test-support/testClient.ts';
import type { ProposalView } from '../../validation/views.ts';
import { BUNDLER_IMPLICIT, MAX_TREE_UNPACKED_BYTES, REACT_VERSION } from '../domain/dependencies.ts';
import { RateLimiter } from '../domain/RateLimiter.ts';
import { NpmCache } from './NpmCache.ts';
import { nodeOnlyReason, unpackedSizeOf } from './packageJudgement.ts';
import { RegistryClient, type RegistryManifest } from './RegistryClient.ts';

// Manifest fields the proposal-time judgement reads are the registry's (or a package author's) words:
// a wrong type, a negative, fractional or absurd size never crashes, never counts, never misleads.
const m = (fields: Record<string, unknown>): RegistryManifest => ({ name: 'x', version: '1.0.0', ...fields });

describe('hostile manifest fields, read one by one', () => {
  it('accepts only a finite non-negative integer as an unpacked size', () => {
    const sizes: [unknown, number | null][] = [
      [1234, 1234],
      [0, 0],
      [-1, null],
      [1.5, null],
      [Number.NaN, null],
      [Number.POSITIVE_INFINITY, null],
      [1e300, null],
      ['1234', null],
      [{ valueOf: () => 5 }, null],
      [[5], null],
      [null, null],
      [true, null],
    ];
    for (const [size, want] of sizes)
      expect(unpackedSizeOf(m({ dist: { unpackedSize: size } })), String(size)).toBe(want);
    for (const dist of [undefined, null, 'dist', 7, []])
      expect(unpackedSizeOf(m({ dist })), String(dist)).toBeNull();
  });

  it('judges Node-only only on values of the documented type', () => {
    const nodeOnly: Record<string, unknown>[] = [
      { gypfile: true },
      { binary: { module_name: 'x', module_path: './lib' } },
      { os: ['linux'] },
      { cpu: ['x64'] },
      { browser: false },
      { dependencies: { bindings: '^1.5.0' } },
      { dependencies: { 'node-gyp-build': '^4.0.0', 'left-pad': '1.0.0' } },
    ];
    for (const fields of nodeOnly) expect(nodeOnlyReason(m(fields)), JSON.stringify(fields)).not.toBeNull();
    const notEvidence: Record<string, unknown>[] = [
      {},
      { gypfile: { a: 1 } },
      { gypfile: 'true' },
      { gypfile: 1 },
      { gypfile: false },
      { binary: 'yes' },
      { binary: ['x'] },
      { binary: null },
      { os: 'linux' },
      { os: [] },
      { os: [1, {}, ''] },
      { cpu: { x64: true } },
      { browser: 'false' },
      { browser: { fs: false } },
      { browser: 'index.browser.js' },
      { dependencies: 'bindings' },
      { dependencies: ['bindings'] },
      { dependencies: null },
      { dependencies: { 'bindings-like': '1.0.0' } },
    ];
    for (const fields of notEvidence) expect(nodeOnlyReason(m(fields)), JSON.stringify(fields)).toBeNull();
    expect(nodeOnlyReason(m({ gypfile: true }))).toBe('it builds a native addon (gypfile)');
  });
});

// A real in-process server proposing through HTTP and MCP against a registry on loopback.
const registry = new TestRegistry();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'room-manifest-attacks-'));
let s: TestServer;
let owner: Api;
let roomId = '';
let mcp: Client;
const MiB = 1024 * 1024;

function basePackages(): TestPackage[] {
  const bundler = Object.entries(BUNDLER_IMPLICIT).map(([name, range]) => ({
    name,
    version: range.replace(/^\^/, ''),
  }));
  return [
    { name: 'react', version: REACT_VERSION, dist: { unpackedSize: 100_000 } },
    { name: 'react-dom', version: REACT_VERSION, dependencies: { scheduler: '^0.27.0' } },
    { name: 'scheduler', version: '0.27.0' },
    ...bundler,
  ];
}

beforeAll(async () => {
  registry.add(...basePackages());
  registry.add(
    { name: 'honest', version: '1.0.0', dist: { unpackedSize: 21_600_000 } },
    { name: 'negative', version: '1.0.0', dist: { unpackedSize: -5 } },
    { name: 'stringly', version: '1.0.0', dist: { unpackedSize: '999999999999' } },
    { name: 'fractional', version: '1.0.0', dist: { unpackedSize: 0.5 } },
    { name: 'absurd', version: '1.0.0', dist: { unpackedSize: 1e300 } },
    {
      name: 'object-gyp',
      version: '1.0.0',
      fields: { gypfile: { evil: true }, os: 'linux', browser: 'false' },
    },
    { name: 'native', version: '1.0.0', fields: { gypfile: true } },
    { name: 'uses-native', version: '1.0.0', dependencies: { native: '1.0.0' } },
    { name: 'loops-a', version: '1.0.0', dependencies: { 'loops-b': '1.0.0' } },
    { name: 'loops-b', version: '1.0.0', dependencies: { 'loops-a': '1.0.0', bindings: '1.0.0' } },
    { name: 'bindings', version: '1.0.0' },
    { name: 'big-a', version: '1.0.0', dist: { unpackedSize: 70 * MiB } },
    { name: 'big-b', version: '1.0.0', dist: { unpackedSize: 70 * MiB } },
    { name: 'huge', version: '1.0.0', dist: { unpackedSize: Number.MAX_SAFE_INTEGER } },
    { name: 'unsized', version: '1.0.0' },
  );
  await registry.start();
  s = await startTestServer();
  s.deps.npm = new NpmCache({
    dir: path.join(tmp, 'npm-cache'),
    offline: false,
    registry: new RegistryClient(async () => ({ registry: `${registry.url}/` })),
  });
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Manifests' })).body.room.id;
  mcp = new Client({ name: 'manifest-attacks', version: '0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/v1/external-mcp`), {
      requestInit: { headers: { authorization: `Bearer ${s.ownerToken}` } },
    }),
  );
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await s?.close();
  await registry.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
const importing = (...specs: string[]) => ({
  'src/App.tsx': `${specs.map((spec, i) => `import x${i} from '${spec}';`).join('\n')}\nexport default function App() { return <p>{String(x0)}</p>; }\n`,
});
async function propose(...specs: string[]) {
  n += 1;
  return owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: `App ${n}`,
    files: importing(...specs),
    idempotency_key: `manifest-attack-${n}`,
  });
}
const pinned = (body: { proposal: ProposalView }, name: string) =>
  body.proposal.packages?.find((p) => p.name === name);

describe('hostile manifests through a proposal', () => {
  it('records an honest size and the bundle path; a hostile size is unknown, never a number it made up', async () => {
    const res = await propose('honest', 'negative', 'stringly', 'fractional', 'absurd');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(pinned(res.body, 'honest')).toMatchObject({
      unpacked_size: 21_600_000,
      expected_path: 'bundle',
      expected_note: null,
    });
    expect(pinned(res.body, 'react')).toMatchObject({ unpacked_size: 100_000 });
    for (const name of ['negative', 'stringly', 'fractional', 'absurd'])
      expect(pinned(res.body, name), name).toMatchObject({ unpacked_size: null, expected_path: 'bundle' });
    expect(res.body.proposal).toMatchObject({ expected_path: 'bundle', expected_note: null });
    // The stored proposal reads the same.
    const read = await owner('GET', `/api/rooms/${roomId}/proposals/${res.body.proposal.id}`);
    expect(pinned(read.body, 'honest')).toMatchObject({ unpacked_size: 21_600_000, expected_path: 'bundle' });
  });

  it('ignores Node-only fields of the wrong type, and sends a native package, and what needs it, to Sandpack', async () => {
    const wrongTypes = await propose('object-gyp');
    expect(wrongTypes.status).toBe(201);
    expect(pinned(wrongTypes.body, 'object-gyp')).toMatchObject({ expected_path: 'bundle' });
    const res = await propose('uses-native', 'loops-a');
    expect(res.status).toBe(201);
    expect(pinned(res.body, 'native')).toMatchObject({ expected_path: 'sandpack' });
    expect(pinned(res.body, 'uses-native')).toMatchObject({
      expected_path: 'sandpack',
      expected_note: 'Expected to run in Sandpack: native@1.0.0: it builds a native addon (gypfile)',
    });
    // A dependency cycle ends, and both ends reach the Node-only package.
    expect(pinned(res.body, 'loops-a')).toMatchObject({ expected_path: 'sandpack' });
    expect(pinned(res.body, 'loops-b')?.expected_note).toContain('bindings');
    expect(res.body.proposal.expected_path).toBe('sandpack');
    expect(res.body.proposal.expected_note).toMatch(/^Expected to run in Sandpack: /);
  });

  it('refuses a tree over the unpacked limit as too_large, over HTTP and MCP, and stores nothing', async () => {
    const before = (await owner('GET', `/api/rooms/${roomId}/proposals?state=all`)).body.proposals.length;
    const res = await propose('big-a', 'big-b');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('too_large');
    expect(res.body.message).toContain(`over the limit of ${MAX_TREE_UNPACKED_BYTES / MiB}.0 MiB`);
    expect(res.body.message).toContain('140.1 MiB');
    const huge = await propose('huge');
    expect(huge.body.code).toBe('too_large');
    const tool = (await mcp.callTool({
      name: 'propose_room_snippet_app',
      arguments: {
        room_id: roomId,
        name: 'Big by MCP',
        files: importing('big-a', 'big-b'),
        idempotency_key: 'mcp-big-1',
      },
    })) as { isError?: boolean; structuredContent?: { error: { code: string; message: string } } };
    expect(tool.isError).toBe(true);
    expect(tool.structuredContent?.error.code).toBe('too_large');
    expect(tool.structuredContent?.error.message).toContain('MiB');
    expect((await owner('GET', `/api/rooms/${roomId}/proposals?state=all`)).body.proposals.length).toBe(
      before,
    );
    // Under the limit again, the same key proposes: a refusal kept nothing against it.
    const ok = (await mcp.callTool({
      name: 'propose_room_snippet_app',
      arguments: {
        room_id: roomId,
        name: 'Small by MCP',
        files: importing('honest'),
        idempotency_key: 'mcp-big-1',
      },
    })) as { isError?: boolean };
    expect(ok.isError).toBeFalsy();
  });

  it('stops counting sizes once the stated ones are over the limit: no tarball of an unsized package is fetched', async () => {
    const from = registry.requests.length;
    const res = await propose('big-a', 'big-b', 'unsized');
    expect(res.body.code).toBe('too_large');
    expect(registry.requests.slice(from).map((r) => r.path)).toContain('/unsized');
    expect(registry.requests.slice(from).filter((r) => r.path.startsWith('/unsized/-/'))).toEqual([]);
  });

  it('counts a too_large refusal against the proposal rate limit (its tarballs were fetched and counted)', async () => {
    const limiter = s.deps.proposalLimiter;
    s.deps.proposalLimiter = new RateLimiter(2, 60_000);
    try {
      expect((await propose('big-a', 'big-b')).body.code).toBe('too_large');
      expect((await propose('huge')).body.code).toBe('too_large');
      expect((await propose('big-a', 'big-b')).body.code).toBe('rate_limited');
    } finally {
      s.deps.proposalLimiter = limiter;
    }
  });
});
