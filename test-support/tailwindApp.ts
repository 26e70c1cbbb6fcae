import { expect, type FrameLocator, type Page } from '@playwright/test';

const DATE_IMPORT = "import { format } from 'date-fns';\n";
const DATE_LINE = `      <p id="date">DATE {format(new Date(2020, 0, 2), 'yyyy-MM-dd')}</p>\n`;

/**
 * Styled only with Tailwind classes, no CSS of its own: Tailwind is on. `withDateFns` also imports
 * date-fns, for the pre-bundled and the Sandpack path.
 */
export function tailwindApp(withDateFns = false): Record<string, string> {
  return {
    'src/App.tsx': `${withDateFns ? DATE_IMPORT : ''}import { useState } from 'react';

export default function App() {
  const [n, setN] = useState(0);
  return (
    <main id="main" className="flex gap-4 p-4 md:flex-col bg-[#3366ff] text-white dark:bg-black">
      <h1 id="title" className="text-2xl font-bold">Tailwind {n}</h1>
${withDateFns ? DATE_LINE : ''}      <div id="box" className="p-[13px] rounded-lg bg-blue-500">box</div>
      <button id="btn" type="button" className="px-2 bg-white text-black hover:bg-[#ff0000]" onClick={() => setN(n + 1)}>
        More
      </button>
    </main>
  );
}
`,
  };
}

/**
 * What Tailwind made of tailwindApp's classes, the same on every path: padding, colours (arbitrary hex and
 * the theme's oklch), flex, gap, an arbitrary value, radius, text, preflight, `md:` at the default width,
 * and `hover:` (then a click, which works). `timeout` covers the first render (a Sandpack start is slow).
 */
export async function expectTailwindStyled(frame: FrameLocator, timeout?: number): Promise<void> {
  const main = frame.locator('#main');
  await expect(frame.locator('#title')).toHaveText('Tailwind 0', { timeout });
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
}

/** `dark:` follows the launcher's theme switch, live (no reload: the count from the click stays). */
export async function expectDarkFollowsTheme(page: Page, frame: FrameLocator): Promise<void> {
  const main = frame.locator('#main');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(main).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await expect(main).toHaveCSS('background-color', 'rgb(51, 102, 255)');
  await expect(frame.locator('#title')).toHaveText('Tailwind 1');
}
