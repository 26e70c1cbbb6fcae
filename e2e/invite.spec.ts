import { expect, test } from './fixtures.ts';
import { createRoom, ownerAuth } from './rooms.ts';

interface InviteView {
  state: string;
  created_at: string;
  expires_at: string;
}

test('a link preview spends nothing; the person joins with the button and lands in the room', async ({
  ownerPage: page,
  request,
  browser,
}) => {
  const name = `Invited ${Date.now()}`;
  const roomId = await createRoom(request, name);
  const invites = async () =>
    (
      (await (await request.get(`/api/rooms/${roomId}/invites`, { headers: ownerAuth })).json()) as {
        invites: InviteView[];
      }
    ).invites;
  const members = async () =>
    (
      (await (await request.get(`/api/rooms/${roomId}/members`, { headers: ownerAuth })).json()) as {
        members: unknown[];
      }
    ).members.length;

  // The owner makes a link that stays open for a day.
  await page.goto(`/rooms/${roomId}/connected`);
  await page.getByLabel('Invite link expires after').selectOption({ label: '1 day' });
  await page.getByRole('button', { name: 'Create invite link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'open until' })).toBeVisible();
  const link = (await page.locator('code.secret').textContent()) ?? '';
  expect(link).toContain('?invite=');
  const [made] = await invites();
  expect(Date.parse(made?.expires_at ?? '') - Date.parse(made?.created_at ?? '')).toBe(24 * 3600_000);

  // A chat app unfurls it: HEAD, then GET as a link expander. Nothing changes.
  const url = new URL(link);
  const path = url.pathname + url.search;
  expect((await request.head(path)).status()).toBe(200);
  const preview = await request.get(path, {
    headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
  });
  expect(preview.status()).toBe(200);
  expect(preview.headers()['set-cookie']).toBeUndefined();
  expect(await preview.text()).toContain(`Join ${name}`);
  expect((await invites()).map((i) => i.state)).toEqual(['open']);
  expect(await members()).toBe(1);

  // The person opens it in a browser: a page naming the room, and a button that joins.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(path);
  await expect(member.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  await member.getByRole('button', { name: `Join ${name}` }).click();
  await expect(member).toHaveURL(new RegExp(`/rooms/${roomId}$`));
  await expect(member.getByRole('heading', { name })).toBeVisible();
  expect((await invites()).map((i) => i.state)).toEqual(['used']);
  expect(await members()).toBe(2);

  // Used once, it only says so.
  const again = await (await browser.newContext()).newPage();
  await again.goto(path);
  await expect(again.getByRole('heading', { name: 'This invite is not valid' })).toBeVisible();
  await expect(again.getByText('It was used already')).toBeVisible();
  await context.close();
  await again.context().close();
});
