import fs from 'node:fs';
import { type APIRequestContext, expect, request } from '@playwright/test';
import { E2E_NPM_CACHE, E2E_PORT } from '../../env.ts';
import { noLeaks } from '../assertions.ts';
import { tickerApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Env, RowContext } from '../rowEnv.ts';
import { hostRecords, launcherIdle, proposeOk } from '../rowHelpers.ts';

/** A file that imports a package the shared server's offline cache holds. */
const DATE_APP = {
  'src/App.tsx':
    "import { format } from 'date-fns';\nexport default function App() {\n  return <p>{format(new Date(2020, 0, 2), 'yyyy-MM-dd')}</p>;\n}\n",
};

/** Specs that would make npm read a folder, a git repository, a tarball or another registry: the listener. */
const hostileSpecs = (env: Env): Record<string, string> => ({
  file: 'file:/tmp/sv-evil-package',
  git: `git+${env.listener}/repo.git`,
  tarball: `${env.listener}/x.tgz`,
  flag: `--registry=${env.listener}/`,
});

/**
 * The attacker: a member of the row's room (joined through an invite, not its owner) holding a personal
 * token with write scope, over plain HTTP with no browser.
 */
async function memberApi(t: RowContext): Promise<APIRequestContext> {
  const made = await t.api.post(`/api/rooms/${t.roomId}/invites`, { data: {} });
  expect(made.status(), await made.text()).toBe(201);
  const { invite } = (await made.json()) as { invite: { url: string } };
  const person = await request.newContext({ baseURL: t.env.shell });
  const joined = await person.post('/join', {
    form: { invite: new URL(invite.url).searchParams.get('invite') ?? '' },
    headers: { origin: t.env.shell },
    maxRedirects: 0,
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const minted = await person.post('/api/tokens', {
    data: { label: 'member attacking the server' },
    headers: { origin: t.env.shell },
  });
  expect(minted.status(), await minted.text()).toBe(201);
  const { token } = (await minted.json()) as { token: { secret: string } };
  await person.dispose();
  const member = await request.newContext({
    baseURL: t.env.shell,
    extraHTTPHeaders: { authorization: `Bearer ${token.secret}` },
  });
  const me = (await (await member.get('/api/me')).json()) as { scopes: string[] };
  expect(me.scopes, "the member token's scopes").toContain('osfoundry:write');
  const { rooms } = (await (await member.get('/api/rooms')).json()) as {
    rooms: { id: string; role: string }[];
  };
  expect(rooms.find((r) => r.id === t.roomId)?.role, 'the attacker is a member, not the owner').toBe(
    'member',
  );
  return member;
}

async function proposeAs(
  member: APIRequestContext,
  t: RowContext,
  name: string,
  files: Record<string, string>,
) {
  const res = await member.post(`/api/rooms/${t.roomId}/proposals`, {
    data: { name, files, idempotency_key: `sv-${name}-${Date.now()}-${Math.random()}` },
  });
  return { status: res.status(), body: (await res.json()) as { code?: string; message?: string } };
}

/** The room holds no proposal of that name: the refused ones left nothing behind. */
async function noProposalNamed(t: RowContext, prefix: string): Promise<void> {
  const res = await t.api.get(`/api/rooms/${t.roomId}/proposals?state=all`);
  const { proposals } = (await res.json()) as { proposals: { name: string }[] };
  expect(proposals.filter((p) => p.name.startsWith(prefix)).map((p) => p.name)).toEqual([]);
}

/** Every file name under the shared server's npm cache. */
const cacheFiles = (): string[] =>
  fs.existsSync(E2E_NPM_CACHE) ? fs.readdirSync(E2E_NPM_CACHE, { recursive: true, encoding: 'utf8' }) : [];

export const server: Row[] = [
  {
    id: 'SV1',
    group: 'server',
    attempt:
      'DNS rebinding: a member token sent under a foreign Host (rebind.attacker.test) to /api/rooms, the room, /npm/…, / and /healthz',
    outcome:
      '421 misdirected_request (JSON) on the API and the registry route, 421 plain text on /; /healthz answers 200 on any host; the same requests on our own Host work',
    ownRoom: true,
    async check(t) {
      const member = await memberApi(t);
      const foreign = { host: `rebind.attacker.test:${E2E_PORT}` };
      for (const path of ['/api/rooms', `/api/rooms/${t.roomId}`, '/npm/date-fns', '/npm/x.y.z/date-fns']) {
        const res = await member.get(path, { headers: foreign });
        expect(res.status(), path).toBe(421);
        expect(((await res.json()) as { code: string }).code, path).toBe('misdirected_request');
      }
      const page = await member.get('/', { headers: foreign });
      expect(page.status()).toBe(421);
      expect(page.headers()['content-type']).toMatch(/^text\/plain/);
      expect(await page.text()).toContain('ROOM_ALLOWED_HOSTS');
      const health = await member.get('/healthz', { headers: foreign });
      expect(health.status()).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      // The refusal is about the Host alone: the same token on our own name reads the room.
      expect((await member.get(`/api/rooms/${t.roomId}`)).status()).toBe(200);
      await member.dispose();
    },
  },
  {
    id: 'SV2',
    group: 'server',
    attempt:
      "a member's proposal whose package.json names file:, git+http://, a tarball URL and --registry= (the loopback listener), as a range and as a name",
    outcome:
      'each is refused with invalid_dependency naming the entry; no proposal is recorded; the listener gets no connection',
    ownRoom: true,
    async check(t) {
      const member = await memberApi(t);
      for (const [kind, spec] of Object.entries(hostileSpecs(t.env))) {
        const asRange = await proposeAs(member, t, `SV2 ${kind} range`, {
          ...DATE_APP,
          'package.json': JSON.stringify({ dependencies: { 'date-fns': spec } }),
        });
        expect(asRange, `${kind} as a range`).toMatchObject({
          status: 400,
          body: { code: 'invalid_dependency' },
        });
        expect(asRange.body.message).toContain('date-fns');
        const asName = await proposeAs(member, t, `SV2 ${kind} name`, {
          ...DATE_APP,
          'package.json': JSON.stringify({ dependencies: { [spec]: '1.0.0' } }),
        });
        expect(asName, `${kind} as a name`).toMatchObject({
          status: 400,
          body: { code: 'invalid_dependency' },
        });
      }
      await noProposalNamed(t, 'SV2');
      await noLeaks(t);
      await member.dispose();
    },
  },
  {
    id: 'SV3',
    group: 'server',
    attempt:
      "a member's proposal whose code imports '--registry=http://127.0.0.1:<listener>/' (a flag as a specifier)",
    outcome: 'refused with invalid_dependency; no proposal is recorded; the listener gets no connection',
    ownRoom: true,
    async check(t) {
      const member = await memberApi(t);
      const res = await proposeAs(member, t, 'SV3 flag import', {
        'src/App.tsx': `import x from '--registry=${t.env.listener}/';\nexport default function App() {\n  return <p>{String(x)}</p>;\n}\n`,
      });
      expect(res).toMatchObject({ status: 400, body: { code: 'invalid_dependency' } });
      await noProposalNamed(t, 'SV3');
      await noLeaks(t);
      await member.dispose();
    },
  },
  {
    id: 'SV4',
    group: 'server',
    attempt:
      "the registry route without the app's capability: anonymous /npm/<name>, a flag as a name, a forged MAC, a member token on a bare name",
    outcome:
      'each answers 404 at once; the genuine capability serves the package; the npm cache gains nothing for the names asked; the listener gets no connection',
    ownRoom: true,
    apps: { main: () => DATE_APP },
    async check(t) {
      const member = await memberApi(t);
      const { apps } = (await (await member.get(`/api/rooms/${t.roomId}`)).json()) as {
        apps: { id: string; registry_url: string | null }[];
      };
      const registryUrl = apps.find((a) => a.id === t.appId())?.registry_url ?? '';
      const capability = new URL(registryUrl).pathname.split('/')[2] ?? '';
      expect(capability, 'the app has a registry capability').toMatch(/^[a-z0-9]+\.[a-z0-9]+\.[\w-]{43}$/);
      // The route works: the genuine capability serves the reviewed package.
      const genuine = await member.get(`${registryUrl}date-fns`);
      expect(genuine.status(), 'the genuine capability').toBe(200);

      const absent = `sv4-absent-${Date.now()}`;
      const mac = capability.split('.')[2] ?? '';
      const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
      const anonymous = await request.newContext({ baseURL: t.env.shell });
      const misses: [APIRequestContext, string][] = [
        [anonymous, '/npm/date-fns'],
        [anonymous, `/npm/${absent}`],
        [anonymous, `/npm/${encodeURIComponent(`--registry=${t.env.listener}/`)}`],
        [anonymous, `/npm/${t.roomId}.${t.appId()}.${'A'.repeat(43)}/date-fns`],
        [anonymous, `/npm/${t.roomId}.${t.appId()}.${flipped}/${absent}`],
        [member, '/npm/date-fns'],
        [member, `/npm/${t.roomId}.${t.appId()}.${flipped}/date-fns`],
      ];
      for (const [client, path] of misses) {
        const started = Date.now();
        const res = await client.get(path);
        expect(res.status(), path).toBe(404);
        expect(Date.now() - started, `${path} answers at once`).toBeLessThan(2000);
      }
      await anonymous.dispose();
      expect(
        cacheFiles().filter((f) => f.includes(absent)),
        'npm cache entries for the names asked',
      ).toEqual([]);
      await noLeaks(t);
      await member.dispose();
    },
  },
  {
    id: 'SV5',
    group: 'server',
    attempt: "a member's proposal whose files nest 3,000 objects deep",
    outcome:
      '400 schema_violation naming files and the 64-level limit, at once; no proposal is recorded; the server keeps answering',
    ownRoom: true,
    async check(t) {
      const member = await memberApi(t);
      const depth = 3000;
      const body = `{"name":"SV5 deep","idempotency_key":"sv5-${Date.now()}","files":${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}}`;
      const started = Date.now();
      const res = await member.post(`/api/rooms/${t.roomId}/proposals`, {
        data: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(Date.now() - started, 'answered at once').toBeLessThan(2000);
      expect(res.status()).toBe(400);
      const error = (await res.json()) as { code: string; detail?: { field?: string; max_depth?: number } };
      expect(error.code).toBe('schema_violation');
      expect(error.detail?.field).toMatch(/^files/);
      expect(error.detail?.max_depth).toBe(64);
      await noProposalNamed(t, 'SV5');
      expect((await member.get('/healthz')).status()).toBe(200);
      await member.dispose();
    },
  },
  {
    id: 'SV6',
    group: 'server',
    attempt:
      'a member proposes an update of an approved app (its exact name) and the owner leaves it pending; another update of it is declined; the member tries to approve and to roll back',
    outcome:
      "the launcher keeps one tab running version 1: no frame, no host cache and no files answer ever carries the pending or the declined code; the member's approve and rollback answer 403",
    ownRoom: true,
    apps: { main: () => tickerApp('SV6 approved v1') },
    async check(t) {
      const member = await memberApi(t);
      const pending = await member.post(`/api/rooms/${t.roomId}/proposals`, {
        data: {
          name: t.appName(),
          files: tickerApp('SV6 PENDING UPDATE RAN'),
          idempotency_key: `sv6-${Date.now()}`,
        },
      });
      expect(pending.status(), await pending.text()).toBe(201);
      const { proposal } = (await pending.json()) as {
        proposal: { id: string; update: { instance_id: string } | null };
      };
      expect(proposal.update?.instance_id, 'the proposal is an update of the approved app').toBe(t.appId());
      const declined = await proposeOk(t, t.appName(), tickerApp('SV6 DECLINED UPDATE RAN'));
      expect(
        (await t.api.post(`/api/rooms/${t.roomId}/proposals/${declined}/decline`, { data: {} })).ok(),
      ).toBe(true);
      const approve = await member.post(`/api/rooms/${t.roomId}/proposals/${proposal.id}/approve`);
      expect(approve.status()).toBe(403);
      const rollback = await member.post(`/api/rooms/${t.roomId}/apps/${t.appId()}/rollback`, {
        data: { version: 1 },
      });
      expect(rollback.status()).toBe(403);

      const frame = await t.open();
      await expect(frame.getByText('SV6 approved v1')).toBeVisible();
      await expect(t.page.getByRole('tab')).toHaveText([t.appName()]);
      await launcherIdle(t);
      await t.drain();
      const markers = ['SV6 PENDING UPDATE RAN', 'SV6 DECLINED UPDATE RAN'];
      for (const f of t.page.frames()) {
        const html = await f.content();
        for (const marker of markers) expect(html, f.url()).not.toContain(marker);
      }
      const cached = (await hostRecords(t)).join('\n');
      for (const marker of markers) expect(cached).not.toContain(marker);
      for (const client of [t.api, member]) {
        const files = await client.get(`/api/rooms/${t.roomId}/apps/${t.appId()}/files`);
        const text = await files.text();
        expect(text).toContain('SV6 approved v1');
        for (const marker of markers) expect(text).not.toContain(marker);
      }
      const { apps } = (await (await member.get(`/api/rooms/${t.roomId}`)).json()) as {
        apps: { id: string; version: number }[];
      };
      expect(apps.map((a) => [a.id, a.version])).toEqual([[t.appId(), 1]]);
      await member.dispose();
    },
  },
  {
    id: 'SV7',
    group: 'server',
    attempt:
      'a member with a write token mints more tokens to multiply what is counted per token: tokens past 50, and event streams opened across all of them',
    outcome:
      'the 51st live token is refused with 409 quota_exceeded naming the limit and how to revoke; at most 16 streams stay open for the person, the next 429 rate_limited; revoking a token frees its place',
    ownRoom: true,
    timeoutMs: 60_000,
    async check(t) {
      const member = await memberApi(t);
      const minted: { id: string; secret: string }[] = [];
      let refused: { status: number; body: { code?: string; message?: string } } | undefined;
      for (let i = 0; i < 60 && !refused; i++) {
        const res = await member.post('/api/tokens', { data: { label: `SV7 ${i}` } });
        const body = await res.json();
        if (res.status() === 201) minted.push(body.token);
        else refused = { status: res.status(), body };
      }
      // memberApi minted one already: 49 more fit, the next does not.
      expect(minted).toHaveLength(49);
      expect(refused).toMatchObject({ status: 409, body: { code: 'quota_exceeded' } });
      expect(refused?.body.message).toContain('at most 50');
      expect(refused?.body.message).toMatch(/revoke/i);
      const streams: { status: number; close: () => void }[] = [];
      for (const token of minted.slice(0, 3))
        for (let i = 0; i < 8; i++) {
          const controller = new AbortController();
          const res = await fetch(`${t.env.shell}/api/rooms/${t.roomId}/events/stream`, {
            headers: { authorization: `Bearer ${token.secret}` },
            signal: controller.signal,
          });
          if (res.status !== 200) await res.text();
          streams.push({ status: res.status, close: () => controller.abort() });
        }
      expect(streams.filter((s) => s.status === 200)).toHaveLength(16);
      expect(streams.filter((s) => s.status === 429)).toHaveLength(8);
      for (const s of streams) s.close();
      expect((await member.delete(`/api/tokens/${minted[0]?.id}`)).status()).toBe(200);
      expect((await member.post('/api/tokens', { data: { label: 'SV7 again' } })).status()).toBe(201);
      await member.dispose();
    },
  },
  {
    id: 'SV8',
    group: 'server',
    attempt:
      'a signed-in member opens /oauth/authorize with client_id URLs aimed at this machine and the cloud: the loopback listener as https://[::ffff:7f00:1], https://0.0.0.0 and https://[::]; 169.254.169.254; a private 10.x address; and a text/plain registration',
    outcome:
      'each client_id shows the Cannot connect this app page naming the refused address class, with no Allow button and no redirect; the listener gets no connection; the text/plain registration is refused with 415',
    ownRoom: true,
    async check(t) {
      const made = await t.api.post(`/api/rooms/${t.roomId}/invites`, { data: {} });
      const { invite } = (await made.json()) as { invite: { url: string } };
      const person = await request.newContext({ baseURL: t.env.shell });
      const joined = await person.post('/join', {
        form: { invite: new URL(invite.url).searchParams.get('invite') ?? '' },
        headers: { origin: t.env.shell },
        maxRedirects: 0,
      });
      expect(joined.status(), await joined.text()).toBe(200);
      const port = new URL(t.env.listener).port;
      const targets: [string, RegExp][] = [
        [`https://[::ffff:7f00:1]:${port}/meta`, /IPv4-mapped/],
        [`https://0.0.0.0:${port}/meta`, /0\/8/],
        [`https://[::]:${port}/meta`, /not global unicast/],
        ['https://169.254.169.254/latest/meta-data', /cloud metadata|link-local/],
        ['https://10.20.30.40/meta', /private/],
      ];
      for (const [clientId, why] of targets) {
        const res = await person.get('/oauth/authorize', {
          params: {
            response_type: 'code',
            client_id: clientId,
            redirect_uri: 'https://attacker.example/cb',
            code_challenge: 'A'.repeat(43),
            code_challenge_method: 'S256',
          },
          maxRedirects: 0,
        });
        const html = await res.text();
        expect([res.status(), res.headers().location], clientId).toEqual([400, undefined]);
        expect(html, clientId).toContain('Cannot connect this app');
        expect(html, clientId).toMatch(why);
        expect(html, clientId).not.toContain('name="decision"');
      }
      const plain = await person.post('/oauth/register', {
        data: JSON.stringify({ client_name: 'SV8', redirect_uris: ['https://attacker.example/cb'] }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(plain.status()).toBe(415);
      await person.dispose();
      await noLeaks(t);
    },
  },
];
