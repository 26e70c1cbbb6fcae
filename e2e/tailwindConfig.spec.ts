import { proposeApp } from '../test-support/proposeApp.ts';
import { SHADCN_APP, V3_APP } from '../test-support/tailwindConfigApps.ts';
import { expect, test } from './fixtures.ts';
import { createRoom, ownerApi, roomWithApps } from './rooms.ts';

test('a Tailwind v3 app (@tailwind directives, tailwind.config.ts) and a shadcn-themed one render styled', async ({
  ownerPage: page,
  request,
}) => {
  test.setTimeout(60_000);
  const { roomId } = await roomWithApps(request, 'Tailwind v3', {
    'V3 app': V3_APP,
    'Shadcn app': SHADCN_APP,
  });
  await page.goto(`/rooms/${roomId}`);
  const v3 = page.frameLocator('iframe[title="V3 app"]');
  const main = v3.locator('#main');
  await expect(v3.locator('#title')).toHaveText('Version three');
  // theme.extend: colours, font, spacing and radius from the config.
  await expect(main).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await expect(main).toHaveCSS('color', 'rgb(254, 252, 232)');
  await expect(main).toHaveCSS('padding-top', '52px');
  await expect(main).toHaveCSS('font-family', 'Georgia, serif');
  await expect(v3.locator('#card')).toHaveCSS('background-color', 'rgb(204, 251, 241)');
  await expect(v3.locator('#card')).toHaveCSS('border-top-left-radius', '20px');
  // v3's palette, as the author saw it (v4's red-500 is oklch(0.637 0.237 25.331)).
  await expect(v3.locator('#alert')).toHaveCSS('background-color', 'rgb(239, 68, 68)');
  await expect(v3.locator('#alert')).toHaveCSS('color', 'rgb(15, 23, 42)');
  // `@apply` under `@layer base`, and preflight from `@tailwind base`.
  await expect(v3.locator('#title')).toHaveCSS('font-size', '30px');
  await expect(v3.locator('#title')).toHaveCSS('font-weight', '700');
  await expect(v3.locator('#title')).toHaveCSS('margin-top', '0px');
  await expect(v3.locator('head style[data-tailwind]')).toHaveCount(1);
  // The sheet is compiled into Tailwind's CSS, not added raw beside it.
  await expect(v3.locator('head style[data-file]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('v3-app.png') });

  await page.getByRole('tab', { name: 'Shadcn app' }).click();
  const shadcn = page.frameLocator('iframe[title="Shadcn app"]');
  const btn = shadcn.locator('#btn');
  await expect(btn).toHaveText('Clicked 0');
  await expect(shadcn.locator('body')).toHaveCSS('background-color', 'rgb(241, 245, 249)');
  await expect(shadcn.locator('body')).toHaveCSS('color', 'rgb(2, 8, 23)');
  await expect(btn).toHaveCSS('background-color', 'rgb(124, 59, 237)');
  await expect(btn).toHaveCSS('color', 'rgb(248, 250, 252)');
  await expect(btn).toHaveCSS('border-top-color', 'rgb(239, 67, 67)');
  await expect(btn).toHaveCSS('border-top-left-radius', '6px');
  await expect(shadcn.locator('#muted')).toHaveCSS('color', 'rgb(100, 116, 139)');
  await btn.click();
  await expect(btn).toHaveText('Clicked 1');
  // darkMode 'class' is the app's: the launcher's dark theme does not flip its `.dark` variables.
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(shadcn.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(shadcn.locator('body')).toHaveCSS('background-color', 'rgb(241, 245, 249)');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await page.screenshot({ path: test.info().outputPath('shadcn-app.png') });
});

test('a config that requires a plugin the app does not declare is refused, naming it; the card names the config; an @plugin is refused on the panel', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, 'Tailwind plugins');
  const owner = ownerApi(request);
  const withPlugin = {
    ...V3_APP,
    'tailwind.config.ts': "export default { plugins: [require('tailwindcss-animate')] };\n",
  };
  const refused = await proposeApp(owner, roomId, { name: 'Plugin app', files: withPlugin }).catch((e) => e);
  // Undeclared and not in the (offline) cache: the gate refuses it by name (e2e/packages.spec.ts bundles a declared one).
  expect(refused.code).toBe('unresolved_dependency');
  expect(refused.message).toContain('Cannot resolve tailwindcss-animate');
  // The card says the config is applied, and where it runs.
  await proposeApp(owner, roomId, { name: 'Shadcn app', files: SHADCN_APP });
  await page.goto(`/rooms/${roomId}/review`);
  await expect(page.getByRole('article', { name: 'Shadcn app' })).toContainText(
    "Styled with Tailwind: its CSS imports tailwindcss (or has its @tailwind directives). Its tailwind.config.js is applied: it is the app's code, and runs in the app's frame only.",
  );
  const cssPlugin = {
    ...V3_APP,
    'src/index.css': `@plugin "tailwindcss-typography";\n${V3_APP['src/index.css']}`,
  };
  const { roomId: room2 } = await roomWithApps(request, 'Tailwind @plugin', { 'At plugin': cssPlugin });
  await page.goto(`/rooms/${room2}`);
  const alert = page.getByRole('tabpanel').getByRole('alert');
  await expect(alert).toContainText('@plugin "tailwindcss-typography" is not read here');
  await expect(alert).toContainText('src/index.css');
  // Unstyled, but it runs.
  await expect(page.frameLocator('iframe[title="At plugin"]').locator('#title')).toHaveText('Version three');
});
