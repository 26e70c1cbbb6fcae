import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { apiClient } from '../../test-support/testClient.ts';

// The MCP Inspector's own CLI (the package `npx @modelcontextprotocol/inspector --cli` runs), pinned.
const INSPECTOR = path.resolve(import.meta.dirname, '../../node_modules/.bin/mcp-inspector-cli');
const run = promisify(execFile);
let s: TestServer;
let roomId: string;

beforeAll(async () => {
  s = await startTestServer();
  const owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Inspected' })).body.room.id;
});
afterAll(async () => s.close());

const inspector = async (args: string[]) => {
  const { stdout } = await run(
    INSPECTOR,
    ['--cli', `${s.url}/api/v1/external-mcp`, '--transport', 'http', ...args],
    {
      timeout: 60_000,
      // The CLI picks its package.json by testing "../package.json" against the cwd (upstream bug in
      // build/index.js callMethod): run it from a folder whose parent has one.
      cwd: path.resolve(import.meta.dirname, '..'),
    },
  );
  return JSON.parse(stdout);
};

it('lists the tools through the Inspector CLI', async () => {
  const out = await inspector(['--method', 'tools/list']);
  expect(out.tools.map((t: { name: string }) => t.name)).toContain('propose_room_snippet_app');
}, 90_000);

it('proposes a snippet through the Inspector CLI with a bearer header', async () => {
  const out = await inspector([
    '--header',
    `Authorization: Bearer ${s.ownerToken}`,
    '--method',
    'tools/call',
    '--tool-name',
    'propose_room_snippet_app',
    '--tool-arg',
    `room_id=${roomId}`,
    'name=Inspector app',
    `files=${JSON.stringify({ 'src/App.tsx': 'export default () => null;\n' })}`,
    'idempotency_key=snip-inspector-0001',
  ]);
  expect(out.isError).toBeFalsy();
  expect(out.structuredContent).toMatchObject({
    state: 'pending_review',
    file_count: 1,
    name: 'Inspector app',
  });
}, 90_000);

it('fails a call without a token with the invalid_token challenge the CLI reports', async () => {
  await expect(
    inspector(['--method', 'tools/call', '--tool-name', 'read_room', '--tool-arg', `room_id=${roomId}`]),
  ).rejects.toMatchObject({ stderr: expect.stringContaining('invalid_token') });
}, 90_000);
