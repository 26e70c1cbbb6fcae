import type { Page } from '@playwright/test';
import { proposeApp } from '../test-support/proposeApp.ts';
import { expectDarkFollowsTheme, expectTailwindStyled, tailwindApp } from '../test-support/tailwindApp.ts';
import { cachedEntries } from './cachedEntries.ts';
import { expect, test } from './fixtures.ts';
import { createRoom, ownerApi, roomWithApps } from './rooms.ts';

const TAILWIND_APP = tailwindApp();

/** CSS of its own with class names that are also utilities: Tailwind stays off, the look is the app's. */
const OWN_CSS_APP = {
  'src/App.tsx': `import './App.css';

export default function App() {
  return (
    <div id="c" className="container">
      <h1 id="title">Own CSS</h1>
      <p id="h" className="hidden">still shown</p>
      <ul id="list"><li>item</li></ul>
    </div>
  );
}
`,
  'src/App.css': '.container { padding: 7px; }\n.hidden { color: rgb(1, 2, 3); }\n',
};

/** Requests for the Tailwind script, from any frame of the page. */
function tailwindLoads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => r.url().endsWith('/runtime/tailwind.js') && seen.push(r.url()));
  return seen;
}

test('an app styled only with Tailwind classes gets their styles: padding, colours, flex, an arbitrary value, hover, md and dark following the theme', async ({
  ownerPage: page,
  request,
}) => {
  // Many steps, each waiting on the frame: on a shared 2-core machine the default 30 s is tight.
  test.setTimeout(60_000);
  const loads = tailwindLoads(page);
  const { roomId } = await roomWithApps(request, 'Tailwind on', { 'Tailwind app': TAILWIND_APP });
  await page.goto(`/rooms/${roomId}`);
  const frame = page.frameLocator('iframe[title="Tailwind app"]');
  const main = frame.locator('#main');
  await expectTailwindStyled(frame);
  await expectDarkFollowsTheme(page, frame);

  // md: is a width variant: below 48rem the row stays a row.
  await page.setViewportSize({ width: 600, height: 700 });
  await expect(main).toHaveCSS('flex-direction', 'row');
  await expect(frame.locator('#title')).toHaveText('Tailwind 1');
  expect(loads.length).toBeGreaterThan(0);
  await expect(frame.locator('head style[data-tailwind]')).toHaveCount(1);

  // The generated CSS is kept with the compiled modules: the next open loads neither compiler.
  await expect
    .poll(async () => (await cachedEntries(page)).some((e) => e.css?.includes('p-\\[13px\\]')))
    .toBe(true);
  loads.length = 0;
  await page.reload();
  await expect(frame.locator('#box')).toHaveCSS('padding-left', '13px');
  await expect(main).toHaveCSS('display', 'flex');
  expect(loads).toEqual([]);
});

test('an app with CSS of its own and class names such as container and hidden is styled as before, without loading Tailwind', async ({
  ownerPage: page,
  request,
}) => {
  const loads = tailwindLoads(page);
  const { roomId } = await roomWithApps(request, 'Tailwind off', { 'Own CSS': OWN_CSS_APP });
  await page.goto(`/rooms/${roomId}`);
  const frame = page.frameLocator('iframe[title="Own CSS"]');
  // What the app's CSS and the browser's defaults make of it, with no Tailwind anywhere.
  await expect(frame.locator('#h')).toBeVisible();
  await expect(frame.locator('#h')).toHaveCSS('color', 'rgb(1, 2, 3)');
  await expect(frame.locator('#h')).toHaveCSS('display', 'block');
  await expect(frame.locator('#c')).toHaveCSS('padding-left', '7px');
  await expect(frame.locator('#c')).toHaveCSS('max-width', 'none');
  await expect(frame.locator('#title')).toHaveCSS('font-size', '32px');
  await expect(frame.locator('#title')).toHaveCSS('margin-top', '21.44px');
  await expect(frame.locator('#list')).toHaveCSS('list-style-type', 'disc');
  await expect(frame.locator('head style[data-tailwind]')).toHaveCount(0);
  await expect(frame.locator('head style')).toHaveCount(1);
  expect(loads).toEqual([]);
});

test('the review card says whether the app is styled with Tailwind, and why', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, 'Tailwind cards');
  const owner = ownerApi(request);
  await proposeApp(owner, roomId, { name: 'Tailwind app', files: TAILWIND_APP });
  await proposeApp(owner, roomId, { name: 'Own CSS', files: OWN_CSS_APP });
  await page.goto(`/rooms/${roomId}/review`);
  await expect(page.getByRole('article', { name: 'Tailwind app' })).toContainText(
    'Styled with Tailwind: it has class names and no CSS of its own.',
  );
  await expect(page.getByRole('article', { name: 'Own CSS' })).toContainText(
    'Not styled with Tailwind: it has CSS of its own.',
  );
});
