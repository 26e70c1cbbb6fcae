import { expect, test } from './fixtures.ts';
import { createRoom, ownerAuth, textApp } from './rooms.ts';

// Repository proposals: reviewed at their pinned version; the shell cannot be framed.
test('a repository proposal links to its pinned version and says it builds nothing; the shell cannot be framed', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Repo ${Date.now()}`);
  const repo = (await (
    await request.post('/api/repositories', { headers: ownerAuth, data: { name: 'Big app' } })
  ).json()) as {
    repository: { id: string };
  };
  const version = (await (
    await request.post(`/api/repositories/${repo.repository.id}/versions`, {
      headers: ownerAuth,
      data: { files: textApp('Big') },
    })
  ).json()) as { version: { id: string } };
  const res = await request.post(`/api/rooms/${roomId}/repo-proposals`, {
    headers: ownerAuth,
    data: {
      name: 'Big app',
      repository_id: repo.repository.id,
      version_id: version.version.id,
      idempotency_key: `repo-${Date.now()}`,
    },
  });
  expect(res.status()).toBe(201);

  const response = await page.goto(`/rooms/${roomId}/review`);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  const card = page.getByRole('article', { name: 'Big app' });
  await expect(card.getByText('This path does not build or deploy a bundle.')).toBeVisible();
  const link = card.getByRole('link', { name: 'Review repository code before approving' });
  const [view] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(view.getByRole('heading', { name: 'Big app: repository code' })).toBeVisible();
  await expect(view.getByText(version.version.id)).toBeVisible();
  await expect(view.getByRole('region', { name: 'src/App.tsx source' })).toContainText('Big');
  await expect(view.getByRole('button')).toHaveCount(1); // only "Sign out": the view is read-only
  await view.close();
  await card.getByRole('button', { name: 'Approve and create' }).click();
  await page.getByRole('link', { name: 'Open Big app' }).click();
  await expect(page.frameLocator('iframe[title="Big app"]').getByText('Big')).toBeVisible({
    timeout: 20_000,
  });
});
