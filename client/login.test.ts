import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runRoom } from '../test-support/cliHarness.ts';
import { oauthFlow } from '../test-support/oauthFlow.ts';
import { startTestServer, type TestServer } from '../test-support/startTestServer.ts';
import { apiClient } from '../test-support/testClient.ts';

let s: TestServer;
let credentials: string;
let env: Record<string, string>;

beforeEach(async () => {
  s = await startTestServer();
  credentials = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'room-login-')), 'room', 'credentials.json');
  env = { ROOM_CREDENTIALS: credentials, ROOM_NO_BROWSER: '1' };
});
afterEach(async () => s.close());

/** The person in the browser: opens the printed address signed in, and answers the consent page. */
function browser(decision: 'allow' | 'deny') {
  const flow = oauthFlow(s);
  let done: Promise<void> = Promise.resolve();
  const lines: string[] = [];
  const stderr = (line: string) => {
    lines.push(line);
    const url = /Open this address to sign in: (\S+)/.exec(line)?.[1];
    if (!url) return;
    done = (async () => {
      const cookie = await flow.signIn();
      const page = await fetch(url, { headers: { cookie } });
      const answer = await flow.post(
        '/oauth/authorize',
        { request: flow.requestSecretIn(await page.text()), decision, scope: 'osfoundry:read' },
        { cookie, origin: s.url },
      );
      // Our continue page moves on to the CLI's loopback listener.
      await fetch((await flow.moveOn(answer, cookie)) as URL);
    })();
  };
  return { stderr, lines, done: () => done };
}

it('room login signs in through the browser and a loopback redirect; MCP commands then need no token', async () => {
  const owner = apiClient(s.url, { token: s.ownerToken });
  const roomId = (await owner('POST', '/api/rooms', { name: 'Login room' })).body.room.id;
  const b = browser('allow');
  const r = await runRoom(['login', '--url', s.url, '--scopes', 'read', '--json'], { env, stderr: b.stderr });
  await b.done();
  expect(r.code, r.stderr).toBe(0);
  expect(r.json()).toMatchObject({ ok: true, scope: 'osfoundry:read' });
  expect(fs.statSync(credentials).mode & 0o777).toBe(0o600);
  const saved = JSON.parse(fs.readFileSync(credentials, 'utf8'))[s.url];
  expect(saved.tokens.refresh_token).toBeTruthy();
  const apps = await runRoom(['apps', roomId, '--url', s.url, '--json'], { env });
  expect(apps.code, apps.stderr).toBe(0);
  // Without the file, the same command has no credentials.
  const none = await runRoom(['apps', roomId, '--url', s.url], {
    env: { ROOM_CREDENTIALS: `${credentials}.none` },
  });
  expect(none.code).toBe(1);
});

it('room login reports Deny and keeps no tokens', async () => {
  const b = browser('deny');
  const r = await runRoom(['login', '--url', s.url], { env, stderr: b.stderr });
  await b.done();
  expect(r.code).toBe(1);
  expect(b.lines.join('\n')).toContain('Sign-in denied');
  expect(JSON.parse(fs.readFileSync(credentials, 'utf8'))[s.url].tokens).toBeUndefined();
});
