import { E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';
import { roomWithApps } from './rooms.ts';

// The link's target: the server's health route on a frame site's name, so the new tab loads (`localhost`
// would be the launcher itself under another name, which apps may not link to).
const DOCS = `http://docs.localhost:${E2E_PORT}/healthz?page=guide&from=docs`;

/** An everyday app: Copy, a docs link, Export CSV (a Blob URL on `<a download>`), and a copy from a timer. */
const EVERYDAY_APP = {
  'src/App.tsx': `import { useEffect, useState } from 'react';

export default function App() {
  const [copy, setCopy] = useState('idle');
  const [unasked, setUnasked] = useState('pending');
  useEffect(() => {
    // Nobody clicked: the launcher must refuse this.
    navigator.clipboard.writeText('copied without a click').then(() => setUnasked('copied'), (e) => setUnasked('refused ' + e.name + ' ' + e.message));
  }, []);
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob(['dish,votes\\nPizza,3\\nSoup,2\\n'], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'items.csv';
    a.click();
    // As assistants write it: revoked at once, before the launcher could read the Blob.
    URL.revokeObjectURL(url);
  };
  return (
    <main>
      <button type="button" onClick={() => navigator.clipboard.writeText('Pizza: 3 votes').then(() => setCopy('copied'), (e) => setCopy('refused ' + e.name + ' ' + e.message))}>Copy</button>
      <p data-testid="copy">{copy}</p>
      <p data-testid="unasked">{unasked}</p>
      <a href="${DOCS}">Read the guide</a>
      <button type="button" onClick={exportCsv}>Export CSV</button>
    </main>
  );
}
`,
};

test('Copy writes the clipboard after a click, a copy nobody clicked for is refused; a link opens in a new tab only after Open, with no opener; Export CSV saves items.csv through the prompt', async ({
  ownerPage: page,
  request,
}) => {
  test.setTimeout(60_000);
  const { roomId } = await roomWithApps(request, `Everyday ${Date.now()}`, { 'Lunch tools': EVERYDAY_APP });
  await page.goto(`/rooms/${roomId}`);
  const frame = page.frameLocator('iframe[title="Lunch tools"]');
  await expect(frame.getByTestId('unasked')).toHaveText(
    /^refused NotAllowedError .*only right after the person clicks/,
  );

  // The premise, measured: a real click inside the cross-origin frame activates the launcher page too.
  // Read over CDP with no user gesture (Playwright's own evaluations, in a frame too, run as one and
  // activate the page): first let the activation they left expire, then click by coordinates.
  const cdp = await page.context().newCDPSession(page);
  const activated = async () =>
    (
      await cdp.send('Runtime.evaluate', {
        expression: 'navigator.userActivation.isActive',
        returnByValue: true,
      })
    ).result.value as boolean;
  const copy = await frame.getByRole('button', { name: 'Copy' }).boundingBox();
  if (!copy) throw new Error('no Copy button');
  await expect.poll(activated, { timeout: 8_000, intervals: [500] }).toBe(false);
  await page.mouse.click(copy.x + copy.width / 2, copy.y + copy.height / 2);
  expect(await activated()).toBe(true);
  await expect(frame.getByTestId('copy')).toHaveText('copied');
  await expect(page.getByRole('status').filter({ hasText: 'Copied by Lunch tools' })).toBeVisible();
  // Read as the test only: granting permissions first would deny the sanitized write a gesture allows.
  await page.context().grantPermissions(['clipboard-read'], { origin: `http://127.0.0.1:${E2E_PORT}` });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Pizza: 3 votes');

  const popups: string[] = [];
  page.context().on('page', (p) => popups.push(p.url()));
  await frame.getByRole('link', { name: 'Read the guide' }).click();
  const prompt = page.getByRole('dialog', { name: 'Open a link from Lunch tools?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByTestId('link-full')).toHaveText(DOCS);
  await page.screenshot({ path: 'test-results/link-prompt.png' });
  await page.waitForTimeout(300);
  expect(popups).toEqual([]);
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    prompt.getByRole('button', { name: 'Open' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(DOCS);
  expect(await popup.evaluate(() => [window.opener === null, document.referrer])).toEqual([true, '']);
  await popup.close();
  // The launcher and its frame stayed where they were.
  expect(new URL(page.url()).pathname).toBe(`/rooms/${roomId}`);

  await frame.getByRole('button', { name: 'Export CSV' }).click();
  const save = page.getByRole('dialog', { name: 'Save a file from Lunch tools?' });
  await expect(save.getByRole('figure', { name: 'File name' }).locator('code')).toHaveText('items.csv');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    save.getByRole('button', { name: 'Save', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('items.csv');
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  expect(bytes.toString('utf8')).toBe('dish,votes\nPizza,3\nSoup,2\n');
});

const LINKS_APP = {
  'src/App.tsx': `import { useState } from 'react';

export default function App() {
  const [route, setRoute] = useState('home');
  return (
    <main>
      <a href="https://example.com/keys">Key link</a>
      {/* As React Router's Link does: only a click nobody prevented is the app's to route. */}
      <a href="/settings" onClick={(e) => { if (e.defaultPrevented) return; e.preventDefault(); setRoute('settings'); }}>Settings</a>
      <a href="#notes">Jump to notes</a>
      <a href="ftp://example.com/file">Old link</a>
      <p data-testid="route">{route}</p>
      <div style={{ height: 3000 }} />
      <h2 id="notes">Notes</h2>
    </main>
  );
}
`,
};

test('Enter, a middle-click and a Ctrl-click on a link ask too; #anchor scrolls the app, an app route stays in the app, an ftp: link is refused; nothing opens without Open', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId } = await roomWithApps(request, `Links ${Date.now()}`, { 'Link kinds': LINKS_APP });
  await page.goto(`/rooms/${roomId}`);
  const frame = page.frameLocator('iframe[title="Link kinds"]');
  const popups: string[] = [];
  page.context().on('page', (p) => popups.push(p.url()));
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const prompt = page.getByRole('dialog', { name: 'Open a link from Link kinds?' });
  const key = frame.getByRole('link', { name: 'Key link' });
  const askedThenCancel = async () => {
    await expect(prompt.locator('.link-host')).toHaveText('example.com');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(prompt).toHaveCount(0);
  };
  await key.focus();
  await page.keyboard.press('Enter');
  await askedThenCancel();
  await key.click({ button: 'middle' });
  await askedThenCancel();
  await key.click({ modifiers: ['Control'] });
  await askedThenCancel();

  await frame.getByRole('link', { name: 'Settings' }).click();
  await expect(frame.getByTestId('route')).toHaveText('settings');
  await frame.getByRole('link', { name: 'Jump to notes' }).click();
  await expect(frame.getByRole('heading', { name: 'Notes' })).toBeInViewport();
  await frame.getByRole('link', { name: 'Old link' }).click();
  await expect.poll(() => warnings.join('\n')).toMatch(/\[room\] The link was not opened: .*not ftp:/);
  await expect(prompt).toHaveCount(0);
  expect(popups).toEqual([]);
  expect(new URL(page.url()).pathname).toBe(`/rooms/${roomId}`);
  // The frame stayed on its own document: no hash, no route of its own.
  const inner = await (await page.locator('iframe[title="Link kinds"]').elementHandle())?.contentFrame();
  expect(inner?.url()).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:\d+\/$/);
});
