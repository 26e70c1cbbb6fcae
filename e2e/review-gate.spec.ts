import type { Page, Route } from '@playwright/test';
import { approveProposal, proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { noSeriousViolations } from './noSeriousViolations.ts';
import { createRoom, ownerAuth, textApp } from './rooms.ts';

// The review card never offers approval of what it has not shown: the real server answers, only late or not at all.

const STILL_LOADING = 'Approval opens once every file is shown: they are still loading.';
const LOAD_FAILED = 'Approval opens once every file is shown: they could not be loaded.';
const DIFF_WAITING = 'Approval opens once the whole diff is shown.';

/** Holds back every request `url` matches until the returned function is called. */
async function holdBack(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Fails the first request `url` matches as a dropped connection; later ones reach the server. */
async function failOnce(page: Page, url: string): Promise<void> {
  let failures = 1;
  await page.route(url, (route) => (failures-- > 0 ? route.abort('failed') : route.continue()));
}

async function proposalState(request: Parameters<typeof createRoom>[0], roomId: string, id: string) {
  const res = await request.get(`/api/rooms/${roomId}/proposals/${id}`, { headers: ownerAuth });
  return ((await res.json()) as { proposal: { state: string } }).proposal.state;
}

test("a new proposal's approval waits, saying why, until every file is shown; then the files show without a click and approve", async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Gate files ${Date.now()}`);
  const files = { ...textApp('Held files'), 'src/util.ts': 'export const held = 1;\n' };
  const proposal = await proposeApp(owner, roomId, { name: 'Held files', files });
  const release = await holdBack(page, `**/api/rooms/${roomId}/proposals/${proposal.id}`);
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole('link', { name: 'Needs your approval' }).click();
  const card = page.getByRole('article', { name: 'Held files' });
  await expect(card.getByText('Loading the proposed files…')).toBeVisible();
  const approve = card.getByRole('button', { name: 'Approve and create' });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(STILL_LOADING);
  await expect(card.getByText(STILL_LOADING)).toBeVisible();
  await card.screenshot({ path: 'test-results/review-card-waiting.png' });

  release();
  // Open as the card appears: no disclosure stands between the owner and the code.
  await expect(card.getByRole('heading', { name: 'Review all proposed files (2)' })).toBeVisible();
  await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toContainText('Held files');
  await expect(card.getByRole('region', { name: 'src/util.ts source' })).toContainText('held = 1');
  await expect(card.locator('details')).toHaveCount(0);
  await expect(approve).toBeEnabled();
  await expect(approve).toHaveAccessibleDescription('');
  await expect(card.getByText(STILL_LOADING)).toHaveCount(0);
  await noSeriousViolations(page);
  await approve.click();
  await expect(page.getByRole('link', { name: 'Open Held files' })).toBeVisible();
  expect(await proposalState(request, roomId, proposal.id)).toBe('approved');
});

test('a new proposal whose files fail to load says so with Retry and offers no approval until they show', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Gate retry ${Date.now()}`);
  const proposal = await proposeApp(owner, roomId, { name: 'Flaky files', files: textApp('Flaky files') });
  await failOnce(page, `**/api/rooms/${roomId}/proposals/${proposal.id}`);
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Flaky files' });
  await expect(card.getByRole('alert')).toContainText('Could not load the files');
  const approve = card.getByRole('button', { name: 'Approve and create' });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(LOAD_FAILED);
  await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toHaveCount(0);
  expect(await proposalState(request, roomId, proposal.id)).toBe('pending');

  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toContainText('Flaky files');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(page.getByRole('link', { name: 'Open Flaky files' })).toBeVisible();
  expect(await proposalState(request, roomId, proposal.id)).toBe('approved');
});

test("an update's approval waits, saying why, until its whole diff is shown; its whole files are one click away", async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Gate diff ${Date.now()}`);
  const v1 = await proposeApp(owner, roomId, { name: 'Held diff', files: textApp('Version one') });
  const app = await approveProposal(owner, roomId, v1.id);
  const v2 = await proposeApp(owner, roomId, { name: 'Held diff', files: textApp('Version two') });
  // The diff's request: the launcher's version of the app, to compare the update against.
  const release = await holdBack(page, `**/api/rooms/${roomId}/apps/${app.id}/files`);
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Held diff' });
  await expect(card.getByText('Loading the version in the launcher…')).toBeVisible();
  const approve = card.getByRole('button', { name: 'Approve update' });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(DIFF_WAITING);

  release();
  const diff = card.getByRole('region', { name: 'Changes in src/App.tsx' });
  await expect(diff).toContainText('Version one');
  await expect(diff).toContainText('Version two');
  await expect(approve).toBeEnabled();
  await expect(approve).toHaveAccessibleDescription('');
  await card.getByText('Review all proposed files (1)').click();
  await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toContainText('Version two');
  await approve.click();
  await expect(page.getByRole('link', { name: 'Open Held diff' })).toBeVisible();
  expect(await proposalState(request, roomId, v2.id)).toBe('approved');
});

test('in the inbox, an update whose diff fails to load says so with Retry and offers no approval until it shows', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomName = `Gate inbox ${Date.now()}`;
  const roomId = await createRoom(request, roomName);
  const v1 = await proposeApp(owner, roomId, { name: 'Flaky diff', files: textApp('Before') });
  const app = await approveProposal(owner, roomId, v1.id);
  const v2 = await proposeApp(owner, roomId, { name: 'Flaky diff', files: textApp('After') });
  await failOnce(page, `**/api/rooms/${roomId}/apps/${app.id}/files`);
  await page.goto('/review');
  const card = page.getByRole('region', { name: roomName }).getByRole('article', { name: 'Flaky diff' });
  // A card loads once it nears the screen, and the shared server's other rooms list theirs above it: as
  // they load they grow and push it down again, so scroll to it until it has loaded, as a person would.
  await expect(async () => {
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('alert')).toContainText("Could not load the app's current version", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  const approve = card.getByRole('button', { name: 'Approve update' });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(DIFF_WAITING);
  await expect(card.getByRole('region', { name: 'Changes in src/App.tsx' })).toHaveCount(0);
  expect(await proposalState(request, roomId, v2.id)).toBe('pending');
  await card.screenshot({ path: 'test-results/update-card-failed.png' });

  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByRole('region', { name: 'Changes in src/App.tsx' })).toContainText('After');
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(page.getByRole('link', { name: 'Open Flaky diff' })).toBeVisible();
  expect(await proposalState(request, roomId, v2.id)).toBe('approved');
});

test('an update too long to list row by row shows its whole new file open, and approves once shown', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Gate rewrite ${Date.now()}`);
  const app = (tag: string) => ({
    'src/App.tsx': `export default function App() {\n  return <p>${tag}</p>;\n}\n${Array.from(
      { length: 500 },
      (_, i) => `export const ${tag}${i} = ${i};`,
    ).join('\n')}\n`,
  });
  const v1 = await proposeApp(owner, roomId, { name: 'Rewrite', files: app('old') });
  await approveProposal(owner, roomId, v1.id);
  await proposeApp(owner, roomId, { name: 'Rewrite', files: app('fresh') });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Rewrite' });
  const diff = card.getByRole('region', { name: 'Changes in src/App.tsx' });
  // The rows past the 400th are not listed: the rest is read in the whole new file, shown without a click.
  await expect(diff.getByRole('region', { name: 'src/App.tsx source' })).toContainText(
    'export const fresh499 = 499;',
  );
  await expect(diff.getByRole('button', { name: 'Show whole new file' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Approve update' })).toBeEnabled();
});

test('an update whose diff view fails to load says so with Retry, and approves once the diff shows', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Gate chunk ${Date.now()}`);
  const v1 = await proposeApp(owner, roomId, { name: 'Chunk', files: textApp('First') });
  await approveProposal(owner, roomId, v1.id);
  await proposeApp(owner, roomId, { name: 'Chunk', files: textApp('Second') });
  // The diff view and its library are a separate script, fetched only for an update's card.
  await failOnce(page, '**/assets/UpdateChanges-*.js');
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Chunk' });
  await expect(card.getByRole('alert')).toContainText('Could not load the changes');
  const approve = card.getByRole('button', { name: 'Approve update' });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(DIFF_WAITING);

  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByRole('region', { name: 'Changes in src/App.tsx' })).toContainText('Second');
  await expect(approve).toBeEnabled();
});
