import type { Browser, Page } from '@playwright/test';
import { proposeApp, requestApi } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { createRoom, ownerAuth, roomWithApps } from './rooms.ts';

const APP = { 'src/App.tsx': 'export default function App() {\n  return <p>Hi</p>;\n}\n' };

/** A second browser context signed in as a new member of the room, through a real invite link. */
async function joinAsMember(
  browser: Browser,
  request: import('@playwright/test').APIRequestContext,
  roomId: string,
): Promise<Page> {
  const res = await request.post(`/api/rooms/${roomId}/invites`, { headers: ownerAuth, data: {} });
  const { invite } = (await res.json()) as { invite: { url: string } };
  const url = new URL(invite.url);
  const page = await (await browser.newContext()).newPage();
  await page.goto(url.pathname + url.search);
  // The link only shows the room; its button joins.
  await page.getByRole('button', { name: /^Join / }).click();
  await expect(page).toHaveURL(new RegExp(`/rooms/${roomId}`));
  return page;
}

test('a member reaches Connected from the launcher: own tokens and MCP help, no queue, counts or members', async ({
  browser,
  owner,
  ownerPage,
  request,
}) => {
  const { roomId } = await roomWithApps(request, `Connected ${Date.now()}`, { Notes: APP });
  await proposeApp(owner, roomId, { name: 'Owner pending idea', files: APP });
  const member = await joinAsMember(browser, request, roomId);
  await member.goto(`/rooms/${roomId}`);
  await expect(member.getByRole('tab', { name: 'Notes' })).toBeVisible();
  await expect(member.getByRole('link', { name: 'Needs your approval' })).toHaveCount(0);
  await member.getByRole('link', { name: 'Connected' }).click();
  await expect(member).toHaveURL(new RegExp(`/rooms/${roomId}/connected$`));
  await expect(member.getByRole('heading', { name: 'Connected', level: 1 })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Personal access tokens' })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Connect an MCP client' })).toBeVisible();
  await expect(member.getByText('Needs your approval')).toHaveCount(0);
  await expect(member.getByRole('heading', { name: 'Members and invites' })).toHaveCount(0);

  // The review URL itself shows a member the same Connected page: nothing pending, nothing to press.
  await member.goto(`/rooms/${roomId}/review`);
  await expect(member.getByRole('heading', { name: 'Connected', level: 1 })).toBeVisible();
  await expect(member.getByText('Needs your approval')).toHaveCount(0);
  await expect(member.getByText('Owner pending idea')).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Approve and create' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Create invite link' })).toHaveCount(0);

  // Members may propose: a token made here works, and the owner's card names the member.
  await member.getByLabel('Token label').fill('member agent');
  await member.getByRole('button', { name: 'Create token' }).click();
  const secret = (await member.locator('.secret').textContent()) ?? '';
  await proposeApp(requestApi(request, secret), roomId, { name: 'Member idea', files: APP });
  await expect(member.getByText('Member idea')).toHaveCount(0);
  await ownerPage.goto(`/rooms/${roomId}/review`);
  const card = ownerPage.getByRole('article', { name: 'Member idea' });
  await expect(card.getByText(/^Proposed by Member · /)).toBeVisible();
  await member.context().close();
});

test('the owner reaches Needs your approval from Connected; the count is announced, not hidden', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Owner connected ${Date.now()}`);
  await proposeApp(owner, roomId, { name: 'One', files: APP });
  await proposeApp(owner, roomId, { name: 'Two', files: APP });
  await page.goto(`/rooms/${roomId}`);
  const onLauncher = page.getByRole('link', { name: 'Needs your approval', exact: true });
  await expect(onLauncher).toHaveAccessibleDescription('2 proposals waiting');
  await page.getByRole('link', { name: 'Connected' }).click();
  await expect(page.getByRole('heading', { name: 'Members and invites' })).toBeVisible();
  const inConnected = page.getByRole('link', { name: 'Needs your approval', exact: true });
  await expect(inConnected).toContainText('2');
  await expect(inConnected).toHaveAccessibleDescription('2 proposals waiting');
  await inConnected.click();
  await expect(page.getByRole('article')).toHaveCount(2);
});

test('the owner creates a read-only token and removes a member in the UI', async ({
  browser,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `People ${Date.now()}`);
  const member = await joinAsMember(browser, request, roomId);
  await page.goto(`/rooms/${roomId}/connected`);

  const label = `reader ${Date.now()}`;
  await page.getByLabel('Token label').fill(label);
  await page.getByLabel('May propose apps (write)').uncheck();
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.locator('.secret').first().textContent()) ?? '';
  await expect(page.getByRole('listitem').filter({ hasText: label })).toContainText('(osfoundry:read)');
  const reader = { authorization: `Bearer ${secret}` };
  expect((await request.get(`/api/rooms/${roomId}`, { headers: reader })).status()).toBe(200);
  await expect(
    proposeApp(requestApi(request, secret), roomId, { name: 'Nope', files: APP }),
  ).rejects.toMatchObject({
    code: 'insufficient_scope',
    detail: { status: 403 },
  });

  expect((await member.request.get(`/api/rooms/${roomId}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Remove Member' }).click();
  await expect(page.getByRole('button', { name: 'Remove Member' })).toHaveCount(0);
  expect((await member.request.get(`/api/rooms/${roomId}`)).status()).toBe(404);
  await member.goto(`/rooms/${roomId}`);
  await expect(member.getByRole('heading', { name: 'Room unavailable' })).toBeVisible();
  await member.context().close();
});
