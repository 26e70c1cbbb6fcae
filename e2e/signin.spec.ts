import { E2E_OWNER_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';
import { createRoom, ownerAuth } from './rooms.ts';

test('a direct visit to the sign-in link signs in and lands on a clean URL', async ({ page, context }) => {
  await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  const cookie = (await context.cookies()).find((c) => c.name === 'room_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');
});

test('a sign-in link clicked on another site asks first, then signs in', async ({
  page,
  context,
  baseURL,
}) => {
  // Another site, answered by Playwright itself: nothing leaves the machine.
  await page.route('http://mail.example.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<a id="link" href="${baseURL}/?token=${E2E_OWNER_TOKEN}">Join the room</a>`,
    }),
  );
  await page.goto('http://mail.example.test/inbox');
  await page.click('#link');
  await expect(page.getByRole('heading', { name: 'Sign in to Rooms?' })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
});

test("another site cannot switch this browser to someone else's account", async ({
  ownerPage: page,
  playwright,
  request,
  baseURL,
}) => {
  // The attacker: a member of some room, with a personal token of their own.
  const roomId = await createRoom(request, `Attacker ${Date.now()}`);
  const { invite } = (await (
    await request.post(`/api/rooms/${roomId}/invites`, { headers: ownerAuth, data: {} })
  ).json()) as { invite: { url: string } };
  const attacker = await playwright.request.newContext({ baseURL });
  const sameOrigin = { origin: baseURL as string };
  const joined = await attacker.post('/join', {
    headers: sameOrigin,
    form: { invite: new URL(invite.url).searchParams.get('invite') ?? '' },
  });
  expect(joined.status()).toBe(200);
  const minted = await attacker.post('/api/tokens', { headers: sameOrigin, data: { label: 'bait' } });
  const { token } = (await minted.json()) as { token: { secret: string } };
  await attacker.dispose();

  // The owner visits the attacker's page, which navigates to a sign-in link with the attacker's token.
  await page.route('http://evil.example.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>location.href = ${JSON.stringify(`${baseURL}/?token=${token.secret}`)};</script>`,
    }),
  );
  await page.goto('http://evil.example.test/');
  await expect(page.getByRole('heading', { name: 'Sign in to Rooms?' })).toBeVisible();
  await expect(page.getByText('This link signs this browser in as Member.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  const me = (await (await page.request.get('/api/me')).json()) as { person: { name: string } };
  expect(me.person.name).toBe('Owner');
});

test('a sign-in link for another person asks before switching accounts', async ({ browser, request }) => {
  const roomId = await createRoom(request, `Switch ${Date.now()}`);
  const { invite } = (await (
    await request.post(`/api/rooms/${roomId}/invites`, { headers: ownerAuth, data: {} })
  ).json()) as { invite: { url: string } };
  const context = await browser.newContext();
  const page = await context.newPage();
  const url = new URL(invite.url);
  await page.goto(url.pathname + url.search);
  await page.getByRole('button', { name: /^Join Switch / }).click();
  await expect(page).toHaveURL(new RegExp(`/rooms/${roomId}`));

  await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Sign in to Rooms?' })).toBeVisible();
  await expect(page.getByText('You are signed in as Member now')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  const me = (await (await page.request.get('/api/me')).json()) as { person: { name: string } };
  expect(me.person.name).toBe('Owner');
  await context.close();
});

test('a wrong token is refused with a clear page and no cookie', async ({ page, context }) => {
  const res = await page.goto('/?token=not-a-real-token');
  expect(res?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'This sign-in link is not valid' })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
});

test('without a session the shell shows the sign-in page and no room data', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in to Rooms' })).toBeVisible();
  await expect(page.getByText('Demo room')).toHaveCount(0);
});

test('a reload keeps the session; sign out ends it', async ({ ownerPage: page }) => {
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Rooms' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to Rooms' })).toBeVisible();
  expect((await page.request.get('/api/rooms')).status()).toBe(401);
});

test('a pasted token signs in', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Token').fill(E2E_OWNER_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
});

test('GET /api/rooms answers to a bearer token and to the cookie', async ({ request, ownerPage }) => {
  const bearer = await request.get('/api/rooms', { headers: { authorization: `Bearer ${E2E_OWNER_TOKEN}` } });
  expect(bearer.status()).toBe(200);
  const byCookie = await ownerPage.request.get('/api/rooms');
  const body = (await byCookie.json()) as {
    rooms: { id: string; name: string; kind: string; role: string }[];
  };
  expect(body.rooms).toContainEqual(
    expect.objectContaining({ name: 'Demo room', kind: 'cloud', role: 'owner' }),
  );
  const wrong = await request.get('/api/rooms', { headers: { authorization: 'Bearer nope' } });
  expect(wrong.status()).toBe(401);
});
