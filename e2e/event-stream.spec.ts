import { expect, test } from './fixtures.ts';
import { approveApp, createRoom, textApp } from './rooms.ts';

// Launcher pages in one browser share one event stream.
test('launcher pages in one browser share one event stream, and another page takes over when it closes', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Shared ${Date.now()}`);
  const streams: string[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('/events/stream')) streams.push(r.url());
  });
  await page.goto(`/rooms/${roomId}`);
  const second = await page.context().newPage();
  await second.goto(`/rooms/${roomId}`);
  await expect(second.getByText('No apps in this room yet.')).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);

  await approveApp(request, roomId, 'Via leader', textApp('Via leader'));
  await expect(second.getByRole('tab', { name: 'Via leader' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Via leader' })).toBeVisible({ timeout: 15_000 });
  expect(streams).toHaveLength(1);

  await page.close();
  await expect.poll(() => streams.length, { timeout: 15_000 }).toBe(2);
  await approveApp(request, roomId, 'After handover', textApp('After handover'));
  await expect(second.getByRole('tab', { name: 'After handover' })).toBeVisible({ timeout: 15_000 });
});
