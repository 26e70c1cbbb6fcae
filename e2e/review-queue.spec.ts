import { proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { createRoom, ownerAuth, textApp } from './rooms.ts';

// The owner's queue: paging, declining one or several, every card's files shown open.
test('decline asks to confirm and keeps the reason; many cards page; several decline at once', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Paging ${Date.now()}`);
  const ids: string[] = [];
  for (let i = 1; i <= 7; i++)
    ids.push((await proposeApp(owner, roomId, { name: `App ${i}`, files: textApp(`App ${i}`) })).id);
  await page.goto(`/rooms/${roomId}/review`);
  await expect(page.getByRole('heading', { name: /Needs your approval/ })).toContainText('7');
  await expect(page.getByRole('article')).toHaveCount(5);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'Previous page' }).click();

  const first = page.getByRole('article', { name: 'App 1' });
  await first.getByRole('button', { name: 'Decline' }).click();
  await first.getByLabel('Reason (optional)').fill('Uses the network');
  await first.getByRole('button', { name: 'Confirm decline' }).click();
  await expect(page.getByRole('article', { name: 'App 1' })).toHaveCount(0);
  const declined = (await (
    await request.get(`/api/rooms/${roomId}/proposals/${ids[0]}`, { headers: ownerAuth })
  ).json()) as { proposal: { state: string; decline_reason: string } };
  expect(declined.proposal).toMatchObject({ state: 'declined', decline_reason: 'Uses the network' });

  await page.getByRole('checkbox', { name: 'Select App 2' }).check();
  await page.getByRole('checkbox', { name: 'Select App 3' }).check();
  await page.getByRole('button', { name: 'Decline selected (2)' }).click();
  const bulk = page.getByRole('form', { name: 'Decline 2 selected' });
  await bulk.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: /Needs your approval/ })).toContainText('6');
  await expect(page.getByRole('article', { name: 'App 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline selected (2)' }).click();
  await bulk.getByLabel('Reason (optional)').fill('Duplicates');
  await bulk.getByRole('button', { name: 'Confirm decline' }).click();
  await expect(page.getByRole('heading', { name: /Needs your approval/ })).toContainText('4');
  for (const id of [ids[1], ids[2]]) {
    const { proposal } = (await (
      await request.get(`/api/rooms/${roomId}/proposals/${id}`, { headers: ownerAuth })
    ).json()) as { proposal: { state: string; decline_reason: string } };
    expect(proposal).toMatchObject({ state: 'declined', decline_reason: 'Duplicates' });
  }
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
});

test("a page of cards shows each card's files without a click, and renders only its own cards", async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Lazy ${Date.now()}`);
  for (let i = 1; i <= 7; i++)
    await proposeApp(owner, roomId, { name: `Lazy ${i}`, files: textApp(`Lazy ${i}`) });
  await page.goto(`/rooms/${roomId}/review`);
  await expect(page.getByRole('article')).toHaveCount(5);
  for (let i = 1; i <= 5; i++)
    await expect(
      page.getByRole('article', { name: `Lazy ${i}` }).getByRole('region', { name: 'src/App.tsx source' }),
    ).toContainText(`Lazy ${i}`);
  await expect(page.locator('.code-file')).toHaveCount(5);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.locator('.code-file')).toHaveCount(2);
});
