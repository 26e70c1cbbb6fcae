import { proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { noSeriousViolations } from './noSeriousViolations.ts';
import { approveApp, createRoom, ownerAuth, textApp } from './rooms.ts';

// Who sees what: members never see the queue; the owner's tokens and invites.
test('a member never sees the review entry; tabs follow the ARIA keyboard pattern', async ({
  owner,
  browser,
  request,
}) => {
  const roomId = await createRoom(request, `Members ${Date.now()}`);
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    await approveApp(request, roomId, name, textApp(name));
  }
  await proposeApp(owner, roomId, { name: 'Secret pending', files: textApp('Secret pending') });
  const invite = (await (
    await request.post(`/api/rooms/${roomId}/invites`, { headers: ownerAuth, data: {} })
  ).json()) as {
    invite: { url: string };
  };
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(new URL(invite.invite.url).pathname + new URL(invite.invite.url).search);
  await member.getByRole('button', { name: /^Join / }).click();
  // The invite's landing page moves on to the room by itself: a goto before that would race it.
  await expect(member).toHaveURL(new RegExp(`/rooms/${roomId}`));
  await member.goto(`/rooms/${roomId}`);
  const tabs = member.getByRole('tablist', { name: 'Apps' });
  await expect(tabs.getByRole('tab')).toHaveText(['Alpha', 'Beta', 'Gamma']);
  await expect(member.getByRole('link', { name: 'Needs your approval' })).toHaveCount(0);
  await expect(member.getByText('Secret pending')).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Alpha' }).focus();
  await member.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Beta' })).toBeFocused();
  await member.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Alpha' })).toBeFocused();
  await member.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Gamma' })).toBeFocused();
  await member.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Alpha' })).toBeFocused();
  await member.keyboard.press('End');
  await member.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Alpha' })).toBeFocused();
  await member.keyboard.press('ArrowLeft');
  await member.keyboard.press('Enter');
  await expect(tabs.getByRole('tab', { name: 'Gamma' })).toHaveAttribute('aria-selected', 'true');
  expect(new URL(member.url()).searchParams.get('app')).toBeTruthy();
  await noSeriousViolations(member);
  await context.close();
});

test('the owner creates a token shown once and revokes it, and makes and revokes an invite', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Tokens ${Date.now()}`);
  await page.goto(`/rooms/${roomId}/review`);
  const label = `agent ${Date.now()}`;
  await page.getByLabel('Token label').fill(label);
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.locator('.secret').first().textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(16);
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  await expect(
    page.getByText(
      /claude mcp add --transport http rooms http:\/\/.+\/api\/v1\/external-mcp --header "Authorization: Bearer /,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: `Revoke ${label}` }).click();
  await expect(page.getByRole('button', { name: `Revoke ${label}` })).toHaveCount(0);
  expect((await request.get('/api/me', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(
    401,
  );

  await page.getByRole('button', { name: 'Create invite link' }).click();
  await expect(page.getByText(/\?invite=/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revoke invite' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Revoke invite' }).click();
  await expect(page.getByRole('button', { name: 'Revoke invite' })).toHaveCount(0);
});
