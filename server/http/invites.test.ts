import { expect, it } from 'vitest';
import { roomFixture } from '../../test-support/roomFixture.ts';
import { apiClient, malformed, redeemInvite } from '../../test-support/testClient.ts';
import { INVITE_DEFAULT_HOURS } from '../domain/members.ts';

const f = roomFixture('Book <club>');

const HOUR = 3600_000;
const invite = async (body?: unknown) =>
  (await f.owner('POST', `/api/rooms/${f.roomId}/invites`, malformed(body))).body.invite;
const memberCount = async () => (await f.owner('GET', `/api/rooms/${f.roomId}/members`)).body.members.length;
const states = async () =>
  (await f.owner('GET', `/api/rooms/${f.roomId}/invites`)).body.invites.map(
    (i: { state: string }) => i.state,
  );

it('opening an invite link (HEAD, GET, a link preview, a prefetch) changes nothing', async () => {
  const { url } = await invite();
  const head = await fetch(url, { method: 'HEAD' });
  expect(head.status).toBe(200);
  for (const headers of [
    { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
    { 'sec-purpose': 'prefetch', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' },
    { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none', 'sec-fetch-user': '?1' },
  ] as Record<string, string>[]) {
    const res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    // The page names the room (escaped) and joins only through its button's POST.
    expect(html).toContain('<h1>Join Book &lt;club&gt;</h1>');
    expect(html).toContain('<form method="post" action="/join">');
    expect(html).toContain('<button type="submit">Join Book &lt;club&gt;</button>');
  }
  expect(head.headers.get('set-cookie')).toBeNull();
  expect(await memberCount()).toBe(1);
  expect(await states()).toEqual(['open']);
});

it('joins only on a POST from our own page, once', async () => {
  const { url } = await invite();
  for (const headers of [{}, { origin: 'https://attacker.example' }, { origin: 'null' }] as Record<
    string,
    string
  >[]) {
    const res = await redeemInvite(f.s, url, headers);
    expect(res.status, JSON.stringify(headers)).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  }
  expect(await states()).toEqual(['open']);
  const joined = await redeemInvite(f.s, url);
  expect(joined.status).toBe(200);
  expect(await joined.text()).toContain(`url=/rooms/${f.roomId}`);
  const member = apiClient(f.s.url, {
    cookie: (joined.headers.get('set-cookie') ?? '').split(';')[0] as string,
  });
  expect((await member('GET', `/api/rooms/${f.roomId}`)).status).toBe(200);
  expect(await memberCount()).toBe(2);
  expect((await redeemInvite(f.s, url)).status).toBe(404);
  const page = await fetch(url);
  expect(page.status).toBe(404);
  expect(await page.text()).toContain('It was used already');
});

it('invites expire: 7 days unless the f.owner chooses 1 hour to 30 days', async () => {
  for (const expires_in_hours of [0, -1, 1.5, 721, '24', true]) {
    const res = await f.owner('POST', `/api/rooms/${f.roomId}/invites`, malformed({ expires_in_hours }));
    expect(res.status, String(expires_in_hours)).toBe(400);
    expect(res.body.code).toBe('bad_request');
  }
  const byDefault = await invite();
  const made = Date.parse(byDefault.created_at);
  expect(Date.parse(byDefault.expires_at) - made).toBe(INVITE_DEFAULT_HOURS * HOUR);
  expect(INVITE_DEFAULT_HOURS).toBe(7 * 24);
  const short = await invite({ expires_in_hours: 1 });
  expect(Date.parse(short.expires_at) - Date.parse(short.created_at)).toBe(HOUR);
  expect(Date.parse((await invite({ expires_in_hours: 720 })).expires_at)).toBeGreaterThan(made);

  f.s.advance(HOUR + 1000);
  const page = await fetch(short.url);
  expect(page.status).toBe(404);
  expect(await page.text()).toContain('It has expired.');
  expect((await redeemInvite(f.s, short.url)).status).toBe(404);
  expect(await states()).toEqual(['open', 'expired', 'open']);
  expect((await redeemInvite(f.s, byDefault.url)).status).toBe(200);

  f.s.advance(INVITE_DEFAULT_HOURS * HOUR);
  expect(await states()).toEqual(['used', 'expired', 'open']);
  f.s.advance(30 * 24 * HOUR);
  expect(await states()).toEqual(['used', 'expired', 'expired']);
});
