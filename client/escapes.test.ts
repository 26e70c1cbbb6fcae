import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appDir, runRoom } from '../test-support/cliHarness.ts';
import { startTestServer, type TestServer } from '../test-support/startTestServer.ts';
import { apiClient } from '../test-support/testClient.ts';
import { VirtualClock } from '../test-support/VirtualClock.ts';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
// Sets the terminal's title, clears the screen, reverses the text, and a C1 CSI.
const HOSTILE = '\x1b]0;pwned\x07\x1b[2J\u202eevil\u2066\x9b2J\x7f';
const SHOWN = '\\x1b]0;pwned\\x07\\x1b[2J\\u{202E}evil\\u{2066}\\x9b2J\\x7f';
const RAW = /[\p{Cc}\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

/** Every printed line is free of control and bidi characters (line breaks apart). */
function expectPrintable(...outputs: string[]) {
  for (const line of outputs.join('\n').split('\n')) expect(line).not.toMatch(RAW);
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('the CLI prints names and server text with control characters escaped', () => {
  it('file names: the local rejection, the skipped lines and the secrets list', async () => {
    const dir = appDir({ 'src/App.tsx': APP, [`src/${HOSTILE}.ts`]: 'x', [`.env${HOSTILE}`]: 'A=1' });
    fs.symlinkSync('/etc/hosts', path.join(dir, `link${HOSTILE}`));
    // Nothing listens there: the rejection is local.
    const r = await runRoom([
      'propose',
      dir,
      '--room',
      'r1',
      '--name',
      'Hi',
      '--url',
      'http://127.0.0.1:5351',
    ]);
    expect(r.code).toBe(3);
    expectPrintable(r.stdout, r.stderr);
    expect(r.stdout).toContain(`REJECT (rule) unsafe_path: unsafe path 'src/${SHOWN}.ts'`);
    expect(r.stderr).toContain(`room: skipped link${SHOWN} (symlink)`);
    expect(r.stderr).toContain(`that may hold secrets: .env${SHOWN} (environment file)`);
    const size = await runRoom(['size', dir]);
    expectPrintable(size.stdout, size.stderr);
    expect(size.stdout).toContain(`src/${SHOWN}.ts`);
  });

  it('a decline reason read back by room wait', async () => {
    const s: TestServer = await startTestServer();
    closers.push(s.close);
    const owner = apiClient(s.url, { token: s.ownerToken });
    const roomId = (await owner('POST', '/api/rooms', { name: 'Escapes' })).body.room.id;
    const auth = ['--url', s.url, '--token', s.ownerToken];
    const p = await runRoom([
      'propose',
      appDir({ 'src/App.tsx': APP }),
      '--room',
      roomId,
      '--name',
      'Hi',
      ...auth,
    ]);
    const id = /as (\S+)/.exec(p.stdout)?.[1];
    await owner('POST', `/api/rooms/${roomId}/proposals/${id}/decline`, { reason: `no ${HOSTILE}` });
    const r = await runRoom(['wait', String(id), '--room', roomId, ...auth], { clock: new VirtualClock() });
    expect(r.code).toBe(4);
    expectPrintable(r.stdout, r.stderr);
    expect(r.stdout).toMatch(new RegExp(`^Declined: no ${SHOWN.replace(/[\\[\]{}()^$.*+?|]/g, '\\$&')} \\(`));
    // --json keeps the exact value, written with JSON escapes.
    const j = await runRoom(['wait', String(id), '--room', roomId, '--json', ...auth], {
      clock: new VirtualClock(),
    });
    expectPrintable(j.stdout);
    expect(j.json().status.decline_reason).toBe(`no ${HOSTILE}`);
  });

  it('room names, ids and error messages from a hostile server, in text and --json', async () => {
    const rooms = [{ id: `r${HOSTILE}`, name: `${HOSTILE}name`, role: 'owner', kind: 'room' }];
    const server = http.createServer((req, res) => {
      const [status, body] =
        req.url === '/api/rooms'
          ? [200, { rooms }]
          : [400, { code: 'bad_request', message: `refused ${HOSTILE}\nsecond line` }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const text = await runRoom(['rooms', '--url', url]);
    expect(text.code).toBe(0);
    expectPrintable(text.stdout);
    const [head, row] = text.stdout.split('\n');
    expect(row).toBe(`r${SHOWN}  ${SHOWN}name  owner`);
    // Columns line up on what is shown, not on the raw text.
    expect(head?.indexOf('name')).toBe(row?.indexOf(SHOWN, 2));

    const json = await runRoom(['rooms', '--json', '--url', url]);
    expectPrintable(json.stdout);
    expect(json.json().rooms).toEqual(rooms);

    const err = await runRoom(['token', 'list', '--url', url]);
    expect(err).toMatchObject({ code: 1, stderr: `room: bad_request: refused ${SHOWN}` });
    const errJson = await runRoom(['token', 'list', '--json', '--url', url]);
    expectPrintable(errJson.stdout, errJson.stderr);
    expect(errJson.json().error.message).toBe(`refused ${HOSTILE}\nsecond line`);
  });
});
