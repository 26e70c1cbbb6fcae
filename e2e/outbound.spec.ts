import { E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';
import { roomWithApps } from './rooms.ts';

// The link's target: the server's health route on another origin than the launcher's, so the new tab loads.
const DOCS = `http://localhost:${E2E_PORT}/healthz?page=guide&from=docs`;

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
