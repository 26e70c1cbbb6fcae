import type { APIRequestContext, Page } from '@playwright/test';
import { approveProposal, type JsonApi, proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { noSeriousViolations } from './noSeriousViolations.ts';
import { createRoom, ownerAuth } from './rooms.ts';

// Another launcher hears of an approval through the room's event stream, and a frame loads: allow for a busy machine.
const LIVE = { timeout: 15_000 };
const NAME = 'Standup list';

/** The app at one version: `heading` is the line an update changes; the team is kept through @room/sdk. */
const standup = (heading: string) => `import { useStoredState } from '@room/sdk';

export default function App() {
  const [team, setTeam, status] = useStoredState('team', 'nobody');
  return (
    <main>
      <h1>${heading}</h1>
      <p data-testid="team">{status.loading ? 'loading' : 'Team: ' + team}</p>
      <button onClick={() => setTeam('Ada and Grace')}>Save team</button>
    </main>
  );
}
`;

const frameOf = (page: Page) => page.frameLocator(`iframe[title="${NAME}"]:not([hidden])`);

/** The app's status as an agent reads it over MCP (`read_room_app_status`), with a token of its own. */
async function mcpStatus(request: APIRequestContext, owner: JsonApi, roomId: string, appId: string) {
  const { token } = await owner.api('POST /api/tokens', { body: { label: `update status ${Date.now()}` } });
  const res = await request.post('/api/v1/external-mcp', {
    headers: { authorization: `Bearer ${token.secret}`, accept: 'application/json, text/event-stream' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'read_room_app_status', arguments: { room_id: roomId, instance_id: appId } },
    },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { result: { content: { text: string }[] } };
  return JSON.parse(body.result.content[0]?.text ?? '{}') as {
    version: number;
    versions: { version: number; rollback_of: number | null }[];
  };
}

test('an update is reviewed as a diff, applied in place with the data kept, taken live, rolled back, and a declined one changes nothing', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(120_000);
  const roomId = await createRoom(request, `Updates ${Date.now()}`);
  const v1 = await proposeApp(owner, roomId, { name: NAME, files: { 'src/App.tsx': standup('Standup v1') } });
  const app = await approveProposal(owner, roomId, v1.id);
  expect(app).toMatchObject({ version: 1, updated: false });

  // v1 keeps a value through @room/sdk.
  await page.goto(`/rooms/${roomId}?app=${app.id}`);
  await expect(frameOf(page).getByRole('heading', { name: 'Standup v1' })).toBeVisible(LIVE);
  await frameOf(page).getByRole('button', { name: 'Save team' }).click();
  await expect(frameOf(page).getByTestId('team')).toHaveText('Team: Ada and Grace', LIVE);

  // A second launcher page shows the app the whole time.
  const watcher = await page.context().newPage();
  await watcher.goto(`/rooms/${roomId}?app=${app.id}`);
  await expect(frameOf(watcher).getByTestId('team')).toHaveText('Team: Ada and Grace', LIVE);

  // The queue is open before the update arrives: its card shows up live.
  await page.goto(`/rooms/${roomId}/review`);
  await expect(page.getByText('Nothing is waiting for your review.')).toBeVisible();
  const v2 = await proposeApp(owner, roomId, {
    name: NAME,
    files: { 'src/App.tsx': standup('Standup v2'), 'src/notes.ts': 'export const notes: string[] = [];\n' },
  });
  expect(v2.update).toMatchObject({ instance_id: app.id, base_version: 1, current_version: 1 });
  const card = page.getByRole('article', { name: NAME });
  await expect(card.getByText(`Update of ${NAME} from version 1`)).toBeVisible(LIVE);
  await expect(card.getByText('1 file changed, 1 added, 0 removed.')).toBeVisible();
  const changed = card.getByRole('region', { name: 'Changes in src/App.tsx' });
  // Just that line: one row out, one row in, both numbered 7; the rest unchanged or folded.
  await expect(changed.locator('tr.diff-del')).toHaveCount(1, LIVE);
  await expect(changed.locator('tr.diff-add')).toHaveCount(1);
  await expect(changed.locator('tr.diff-del')).toContainText('<h1>Standup v1</h1>');
  await expect(changed.locator('tr.diff-add')).toContainText('<h1>Standup v2</h1>');
  await expect(changed.locator('tr.diff-add .line-no').nth(1)).toHaveText('7');
  await expect(card.getByRole('region', { name: 'Added src/notes.ts' })).toContainText('export const notes');
  await expect(card.getByRole('button', { name: 'Approve and create' })).toHaveCount(0);
  await changed.getByRole('button', { name: 'Show 3 unchanged lines' }).click();
  await expect(changed.locator('tr.diff-same')).toHaveCount(9);
  await noSeriousViolations(page);
  await card.getByRole('button', { name: 'Approve update' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);

  // The watcher is offered v2 while v1 keeps running, and takes it on Reload.
  await expect(watcher.getByRole('status').filter({ hasText: 'Version 2 is ready.' })).toBeVisible(LIVE);
  await expect(frameOf(watcher).getByRole('heading', { name: 'Standup v1' })).toBeVisible(LIVE);
  await watcher.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(frameOf(watcher).getByRole('heading', { name: 'Standup v2' })).toBeVisible(LIVE);
  await expect(frameOf(watcher).getByTestId('team')).toHaveText('Team: Ada and Grace', LIVE);
  await expect(watcher.getByText('Version 2 is ready.')).toHaveCount(0);

  // The same one tab, on v2, with v1's value.
  await page.goto(`/rooms/${roomId}?app=${app.id}`);
  await expect(page.getByRole('tab', { name: NAME })).toHaveCount(1);
  await expect(page.getByRole('tab')).toHaveCount(1);
  await expect(frameOf(page).getByRole('heading', { name: 'Standup v2' })).toBeVisible(LIVE);
  await expect(frameOf(page).getByTestId('team')).toHaveText('Team: Ada and Grace', LIVE);
  expect(await mcpStatus(request, owner, roomId, app.id)).toMatchObject({
    version: 2,
    versions: [{ version: 2 }, { version: 1 }],
  });

  // The App menu lists both versions; the owner rolls back to v1 after confirming.
  await page.getByRole('button', { name: 'App menu' }).click();
  const menu = page.getByRole('dialog');
  const versions = menu.getByRole('list', { name: `Versions of ${NAME}` });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText('Version 2 (current)');
  await expect(versions.getByRole('listitem').first()).toContainText(v2.content_sha256.slice(0, 12));
  await expect(versions.getByRole('listitem').nth(1)).toContainText('Proposed by Owner, approved by Owner');
  await menu.getByRole('button', { name: 'Roll back to version 1' }).click();
  await menu.getByRole('button', { name: 'Confirm rollback' }).click();
  await expect(menu.getByRole('status')).toHaveText('Rolled back to version 1: it runs as version 3.');
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Version 3 is ready.')).toBeVisible(LIVE);
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(frameOf(page).getByRole('heading', { name: 'Standup v1' })).toBeVisible(LIVE);
  await expect(frameOf(page).getByTestId('team')).toHaveText('Team: Ada and Grace', LIVE);
  // The watcher was showing the app too: offered v3 live, and on it after Reload.
  await expect(watcher.getByText('Version 3 is ready.')).toBeVisible(LIVE);
  await watcher.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(frameOf(watcher).getByRole('heading', { name: 'Standup v1' })).toBeVisible(LIVE);

  // A declined update changes nothing: same version, same code, same value.
  const v4 = await proposeApp(owner, roomId, { name: NAME, files: { 'src/App.tsx': standup('Standup v4') } });
  expect(v4.update).toMatchObject({ instance_id: app.id, base_version: 3 });
  await page.goto(`/rooms/${roomId}/review`);
  const declined = page.getByRole('article', { name: NAME });
  await expect(declined.getByText(`Update of ${NAME} from version 3`)).toBeVisible();
  await declined.getByRole('button', { name: 'Decline' }).click();
  await declined.getByRole('button', { name: 'Confirm decline' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.goto(`/rooms/${roomId}?app=${app.id}`);
  await expect(frameOf(page).getByRole('heading', { name: 'Standup v1' })).toBeVisible(LIVE);
  await expect(frameOf(page).getByTestId('team')).toHaveText('Team: Ada and Grace', LIVE);
  const room = await (await request.get(`/api/rooms/${roomId}`, { headers: ownerAuth })).json();
  expect(room.apps).toMatchObject([{ id: app.id, name: NAME, version: 3 }]);
  expect(await mcpStatus(request, owner, roomId, app.id)).toMatchObject({
    version: 3,
    versions: [{ version: 3, rollback_of: 1 }, { version: 2 }, { version: 1 }],
  });
  await expect(watcher.getByText(/Version \d is ready/)).toHaveCount(0);
});

test('an approval is of the diff the owner read: a card the app moved past is refused, then shown against the new version', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Pinned ${Date.now()}`);
  const v1 = await proposeApp(owner, roomId, { name: NAME, files: { 'src/App.tsx': standup('Pinned v1') } });
  const app = await approveProposal(owner, roomId, v1.id);
  const late = await proposeApp(owner, roomId, {
    name: NAME,
    files: { 'src/App.tsx': standup('Pinned late') },
  });
  // The page hears no events (as on a dropped connection) while another update is approved elsewhere.
  await page.route('**/events/stream**', (route) => route.abort());
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: NAME });
  await expect(card.getByText(`Update of ${NAME} from version 1`)).toBeVisible(LIVE);
  const other = await proposeApp(owner, roomId, {
    name: NAME,
    files: { 'src/App.tsx': standup('Pinned v2') },
  });
  expect(await approveProposal(owner, roomId, other.id)).toMatchObject({ id: app.id, version: 2 });

  await card.getByRole('button', { name: 'Approve update' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `Not approved: you reviewed it against version 1, and “${NAME}” is at version 2 now. Review it again.`,
  );
  // Still pending, now shown against version 2; approving that approves it.
  await expect(
    card.getByText(`${NAME} moved on since this was proposed: it is at version 2 now`),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Approve update' }).click();
  await expect(card).toHaveCount(0, LIVE);
  const proposal = await owner.api('GET /api/rooms/:roomId/proposals/:proposalId', {
    params: { roomId, proposalId: late.id },
  });
  expect(proposal.proposal.state).toBe('approved');
});
