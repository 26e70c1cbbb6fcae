import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, joinAsMember } from '../../test-support/testClient.ts';

let s: TestServer;
let owner: Api;

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
});
afterEach(async () => s.close());

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
const TYPED = { 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

const postSession = (headers: Record<string, string>) =>
  fetch(`${s.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ token: s.ownerToken }),
  });

const postSignIn = (headers: Record<string, string>, token = s.ownerToken) =>
  fetch(`${s.url}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ token, next: '/rooms' }).toString(),
  });

it('POST /api/session from another site signs nobody in', async () => {
  for (const headers of [
    { origin: 'https://attacker.example' },
    { origin: 'null' },
    { origin: s.url, 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ] as Record<string, string>[]) {
    const res = await postSession(headers);
    expect(res.status, JSON.stringify(headers)).toBe(403);
    expect((await res.json()).code).toBe('forbidden');
    expect(res.headers.get('set-cookie')).toBeNull();
  }
  expect(cookieOf(await postSession({ origin: s.url, 'sec-fetch-site': 'same-origin' }))).toMatch(
    /^room_session=/,
  );
  // Scripts and the e2e setup send no Origin: a token in the body is theirs to use.
  expect((await postSession({})).status).toBe(200);
});

it('a cookie-authenticated write without an Origin, or from another origin, is refused', async () => {
  const cookie = cookieOf(await postSession({ origin: s.url }));
  const write = (headers: Record<string, string>) =>
    fetch(`${s.url}/api/rooms`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name: 'Forged' }),
    });
  for (const headers of [
    {},
    { origin: 'https://attacker.example' },
    { origin: s.url, 'sec-fetch-site': 'same-site' },
  ] as Record<string, string>[]) {
    const res = await write(headers);
    expect(res.status, JSON.stringify(headers)).toBe(403);
    expect((await res.json()).code).toBe('forbidden');
  }
  expect((await write({ origin: s.url, 'sec-fetch-site': 'same-origin' })).status).toBe(201);
  const rooms = (await owner('GET', '/api/rooms')).body.rooms as { name: string }[];
  expect(rooms.map((r) => r.name)).toEqual(['Forged']);
});

it('/?token= signs in on a navigation the person started, and only asks otherwise', async () => {
  const link = `${s.url}/?token=${encodeURIComponent(s.ownerToken)}`;
  const direct = await fetch(link, { headers: TYPED });
  expect(direct.status).toBe(200);
  expect(cookieOf(direct)).toMatch(/^room_session=/);
  expect(await direct.text()).toContain('Signed in.');
  expect(
    (await fetch(link, { headers: { ...TYPED, 'sec-fetch-site': 'same-origin' } })).headers.get('set-cookie'),
  ).toMatch(/^room_session=/);

  for (const headers of [
    { ...TYPED, 'sec-fetch-site': 'cross-site' },
    { ...TYPED, 'sec-fetch-site': 'same-site' },
    { ...TYPED, 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' },
    { ...TYPED, 'sec-fetch-dest': 'iframe' },
    { ...TYPED, 'sec-purpose': 'prefetch' },
    {},
  ] as Record<string, string>[]) {
    const res = await fetch(link, { headers });
    expect(res.status, JSON.stringify(headers)).toBe(200);
    expect(res.headers.get('set-cookie'), JSON.stringify(headers)).toBeNull();
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/sign-in">');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin');
  }
  const head = await fetch(link, { method: 'HEAD', headers: TYPED });
  expect(head.headers.get('set-cookie')).toBeNull();
  const post = await fetch(link, {
    method: 'POST',
    headers: { ...TYPED, origin: 'https://attacker.example' },
  });
  expect(post.headers.get('set-cookie')).toBeNull();
});

it('/?token= asks first when a different person is signed in here', async () => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Mine' })).body.room.id;
  const { cookie: memberCookie } = await joinAsMember(s, owner, roomId);
  const ownerLink = `${s.url}/?token=${encodeURIComponent(s.ownerToken)}`;
  const asked = await fetch(ownerLink, { headers: { ...TYPED, cookie: memberCookie } });
  expect(asked.headers.get('set-cookie')).toBeNull();
  expect(await asked.text()).toMatch(/You are signed in as <strong>Member<\/strong> now/);
  // The same person signed in already: straight through.
  const ownerCookie = cookieOf(await postSession({ origin: s.url }));
  const again = await fetch(ownerLink, { headers: { ...TYPED, cookie: ownerCookie } });
  expect(cookieOf(again)).toMatch(/^room_session=/);
});

it('the confirmation POST signs in only from our own page', async () => {
  for (const headers of [
    {},
    { origin: 'null' },
    { origin: 'https://attacker.example' },
    { origin: s.url, 'sec-fetch-site': 'cross-site' },
  ] as Record<string, string>[]) {
    const res = await postSignIn(headers);
    expect(res.status, JSON.stringify(headers)).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  }
  expect((await postSignIn({ origin: s.url }, 'not-a-token')).status).toBe(401);
  const ok = await postSignIn({ origin: s.url, 'sec-fetch-site': 'same-origin' });
  expect(ok.status).toBe(200);
  expect(await ok.text()).toContain('url=/rooms');
  const me = await apiClient(s.url, { cookie: cookieOf(ok) })('GET', '/api/me');
  expect(me.body.scopes).toEqual(['osfoundry:read', 'osfoundry:write']);
});
