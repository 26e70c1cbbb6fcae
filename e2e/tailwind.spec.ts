import type { Page } from '@playwright/test';
import { cachedEntries } from './cachedEntries.ts';
import { expect, test } from './fixtures.ts';
import { proposeApp } from './proposeApp.ts';
import { createRoom, ownerApi, roomWithApps } from './rooms.ts';

/** Styled only with Tailwind classes, no CSS of its own: Tailwind is on. */
const TAILWIND_APP = {
  'src/App.tsx': `import { useState } from 'react';

export default function App() {
  const [n, setN] = useState(0);
  return (
    <main id="main" className="flex gap-4 p-4 md:flex-col bg-[#3366ff] text-white dark:bg-black">
      <h1 id="title" className="text-2xl font-bold">Tailwind {n}</h1>
      <div id="box" className="p-[13px] rounded-lg bg-blue-500">box</div>
      <button id="btn" type="button" className="px-2 bg-white text-black hover:bg-[#ff0000]" onClick={() => setN(n + 1)}>
        More
      </button>
    </main>
  );
}
`,
};

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
  await expect(frame.locator('#title')).toHaveText('Tailwind 0');
  await expect(main).toHaveCSS('display', 'flex');
  await expect(main).toHaveCSS('padding-top', '16px');
  await expect(main).toHaveCSS('column-gap', '16px');
  await expect(main).toHaveCSS('background-color', 'rgb(51, 102, 255)');
  await expect(main).toHaveCSS('color', 'rgb(255, 255, 255)');
  // The theme's colours are Tailwind's own (oklch), from the theme layer it generated.
  await expect(frame.locator('#box')).toHaveCSS('background-color', /^oklch\(0\.623 0\.214 259\.8/);
  await expect(frame.locator('#box')).toHaveCSS('padding-left', '13px');
  await expect(frame.locator('#box')).toHaveCSS('border-top-left-radius', '8px');
  await expect(frame.locator('#title')).toHaveCSS('font-size', '24px');
  await expect(frame.locator('#title')).toHaveCSS('font-weight', '700');
  // Preflight: applies with Tailwind on (headings lose their default margin).
  await expect(frame.locator('#title')).toHaveCSS('margin-top', '0px');
  await expect(main).toHaveCSS('flex-direction', 'column');

  const btn = frame.locator('#btn');
  await expect(btn).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await btn.hover();
  await expect(btn).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  await btn.click();
  await expect(frame.locator('#title')).toHaveText('Tailwind 1');

  // dark: follows the launcher's theme, live.
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(main).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await expect(main).toHaveCSS('background-color', 'rgb(51, 102, 255)');

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
