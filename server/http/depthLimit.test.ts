import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { apiClient } from '../../test-support/testClient.ts';
import { MAX_JSON_DEPTH } from '../../validation/jsonDepth.ts';

let s: TestServer;
let roomId: string;
let repoId: string;

beforeAll(async () => {
  s = await startTestServer();
  const owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Deep' })).body.room.id;
  repoId = (await owner('POST', '/api/repositories', { name: 'Deep' })).body.repository.id;
});
afterAll(async () => s.close());

/** `{"a":{"a":…}}` `levels` deep, as text: JSON.stringify itself overflows the stack at 100,000. */
const deepText = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;

async function post(path: string, body: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(s.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const KEY = 'depth-key-0123456789';

for (const levels of [3_000, 100_000])
  it(`answers schema_violation for files ${levels.toLocaleString('en')} levels deep on the proposal and version routes`, async () => {
    const started = performance.now();
    const snippet = await post(
      `/api/rooms/${roomId}/proposals`,
      `{"name":"Deep","idempotency_key":"${KEY}","files":${deepText(levels)}}`,
    );
    const version = await post(`/api/repositories/${repoId}/versions`, `{"files":${deepText(levels)}}`);
    const ms = performance.now() - started;
    for (const r of [snippet, version]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        code: 'schema_violation',
        message: `files nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep, the limit for any JSON body or tool arguments`,
        detail: { field: 'files', max_depth: MAX_JSON_DEPTH },
      });
    }
    // Refused on the text, before JSON.parse (which alone spends ~300 ms on 100,000 levels).
    expect(ms).toBeLessThan(1000);
    expect(s.logs.filter((l) => 'level' in l)).toEqual([]);
  });

it('leaves bodies within the limit to the schema, and counts no bracket inside a string', async () => {
  // The body is 64 levels deep: files (2) holds a 62-deep value, which the schema refuses as not a string.
  const within = await post(
    `/api/rooms/${roomId}/proposals`,
    `{"name":"Deep","idempotency_key":"${KEY}","files":{"src/App.tsx":${deepText(MAX_JSON_DEPTH - 2)}}}`,
  );
  expect(within.status).toBe(400);
  expect(within.body.code).toBe('schema_violation');
  expect(within.body.message).not.toContain('levels deep');
  const brackets = await post(
    `/api/rooms/${roomId}/proposals`,
    JSON.stringify({
      name: 'Brackets',
      idempotency_key: KEY,
      files: { 'src/App.tsx': `export default () => null; // ${'{['.repeat(5000)}\n` },
    }),
  );
  expect(brackets.status).toBe(201);
});

it('limits every JSON body, not only proposals', async () => {
  const rename = await fetch(`${s.url}/api/rooms/${roomId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  });
  expect(rename.status).toBe(400);
  expect(((await rename.json()) as { code: string }).code).toBe('schema_violation');
});
