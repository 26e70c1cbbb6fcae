import { E2E_OWNER_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';

test('a direct visit to the sign-in link signs in and lands on a clean URL', async ({ page, context }) => {
  await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  const cookie = (await context.cookies()).find((c) => c.name === 'room_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');
});

test('a sign-in link clicked on another site signs in', async ({ page, baseURL }) => {
  // Another site, answered by Playwright itself: nothing leaves the machine.
  await page.route('http://mail.example.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<a id="link" href="${baseURL}/?token=${E2E_OWNER_TOKEN}">Join the room</a>`,
    }),
  );
  await page.goto('http://mail.example.test/inbox');
  await page.click('#link');
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
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
