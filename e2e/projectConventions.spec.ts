import { expect, type Page, test } from '@playwright/test';
import { ownServer } from './ownServer.ts';

// Its own server with package bundles on (the shared one runs packages in Sandpack), offline over the e2e cache
// (E2E_PORT + 6: compatAgents.spec.ts, in the same project, has + 7).
const {
  base: BASE,
  propose,
  signIn,
} = ownServer({
  portOffset: 6,
  token: 'conventions-owner-token-0123456789',
  name: 'conventions',
});
// Independent tests in order on one worker: a failure retries that test alone, not the whole file.

/** Opens the room's approval queue as its owner and approves `name` on its card, as a person would. */
async function approveOnCard(page: Page, roomId: string, name: string) {
  await signIn(page);
  await page.goto(`${BASE}/rooms/${roomId}`);
  await page.getByRole('link', { name: 'Needs your approval' }).click();
  const card = page.getByRole('article', { name });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  return card;
}

// A shadcn/ui-style app, as the CLI and assistants write it: components under src/components/ui,
// cn() over clsx and tailwind-merge, cva variants, Radix's Slot, a tsconfig with @/ paths.
const SHADCN = {
  'package.json': JSON.stringify(
    {
      dependencies: {
        '@radix-ui/react-slot': '1.5.1',
        'class-variance-authority': '0.7.1',
        clsx: '2.1.1',
        'tailwind-merge': '3.7.3',
      },
    },
    null,
    2,
  ),
  'tsconfig.json': `{
  "compilerOptions": {
    "baseUrl": ".",
    // shadcn's components.json aliases point here
    "paths": { "@/*": ["./src/*"] },
  },
}
`,
  'src/index.css': '@import "tailwindcss";\n',
  'src/lib/utils.ts': `import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
`,
  'src/components/ui/button.tsx': `import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const buttonVariants = cva('inline-flex items-center rounded-md text-sm font-medium', {
  variants: {
    variant: { default: 'bg-blue-600 text-white', outline: 'border border-gray-300' },
    size: { default: 'h-9 px-4', sm: 'h-8 px-3' },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});

export interface ButtonProps
  extends React.ButtonHTMLAttributes<HTMLButtonElement>,
    VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(
  ({ className, variant, size, asChild = false, ...props }, ref) => {
    const Comp = asChild ? Slot : 'button';
    return <Comp className={cn(buttonVariants({ variant, size, className }))} ref={ref} {...props} />;
  },
);
Button.displayName = 'Button';
`,
  'src/components/ui/card.tsx': `import { cn } from '@/lib/utils';

export function Card({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border p-6', className)} {...props} />;
}
`,
  'src/App.tsx': `import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import './index.css';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <Card className="p-4">
      <h1 className="text-2xl font-bold">Clicked {count}</h1>
      <Button id="more" className="px-8" onClick={() => setCount(count + 1)}>More</Button>
      <Button asChild variant="outline" size="sm"><a id="link" href="#top">Top</a></Button>
    </Card>
  );
}
`,
};

test('a shadcn-style app with @/ imports is proposed, approved on its card, renders and responds', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Without its component the gate names the file, the import and where it leads.
  const { 'src/components/ui/card.tsx': _card, ...missingCard } = SHADCN;
  const missing = await propose('Shadcn missing', missingCard);
  expect(missing.res.status).toBe(400);
  expect(missing.res.body).toMatchObject({
    code: 'unresolved_import',
    message:
      'src/App.tsx:3: `@/components/ui/card` resolves to `src/components/ui/card.tsx`, which the proposal does not include',
  });

  const { roomId, res } = await propose('Shadcn', SHADCN);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The aliases are the app's own files: only the four packages (and React) are pinned.
  const direct = res.body.proposal.packages
    .filter((p: { role: string }) => p.role === 'direct')
    .map((p: { name: string }) => p.name)
    .sort();
  expect(direct).toEqual([
    '@radix-ui/react-slot',
    'class-variance-authority',
    'clsx',
    'react',
    'react-dom',
    'tailwind-merge',
  ]);
  const card = await approveOnCard(page, roomId, 'Shadcn');
  // The card spells out what each alias reads, as the frame will resolve it, and links to that file.
  const imports = card
    .getByRole('region', { name: 'File src/App.tsx' })
    .getByRole('list', { name: 'Imports through aliases and assets' });
  await expect(imports.getByRole('listitem')).toHaveText([
    '@/components/ui/button → src/components/ui/button.tsx',
    '@/components/ui/card → src/components/ui/card.tsx',
  ]);
  await imports.getByRole('link', { name: 'src/components/ui/button.tsx' }).click();
  await expect(page).toHaveURL(/-src.2fcomponents.2fui.2fbutton.2etsx-L1$/);
  await card.screenshot({ path: test.info().outputPath('shadcn-card.png') });
  await card.getByRole('button', { name: 'Approve and create' }).click();
  // Approval builds the package bundle (esbuild, offline): seconds on a busy machine.
  await expect(page.getByRole('article')).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('link', { name: 'Open Shadcn' }).click();
  const frame = page.frameLocator('iframe[title="Shadcn"]');
  await expect(frame.getByRole('heading', { name: 'Clicked 0' })).toBeVisible({ timeout: 30_000 });
  const more = frame.locator('#more');
  // cva's variant and cn()'s merge: tailwind-merge keeps the caller's px-8 over the variant's px-4.
  await expect(more).toHaveClass(
    'inline-flex items-center rounded-md text-sm font-medium bg-blue-600 text-white h-9 px-8',
  );
  await expect(more).toHaveCSS('padding-left', '32px');
  await expect(more).toHaveCSS('display', 'inline-flex');
  await expect(frame.locator('h1')).toHaveCSS('font-weight', '700');
  // Radix's Slot hands the classes to the child it wraps.
  await expect(frame.locator('a#link')).toHaveClass(/border border-gray-300 .*h-8 px-3/);
  await more.click();
  await more.click();
  await expect(frame.getByRole('heading', { name: 'Clicked 2' })).toBeVisible();
});

const VITE = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Vite + React + TS</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
  'package.json': JSON.stringify(
    {
      name: 'vite-project',
      private: true,
      type: 'module',
      scripts: { dev: 'vite', build: 'tsc -b && vite build', preview: 'vite preview' },
      devDependencies: { '@vitejs/plugin-react': '^4.3.4', typescript: '~5.6.2', vite: '^6.0.5' },
    },
    null,
    2,
  ),
  'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
});
`,
  'tsconfig.json': '{\n  "files": [],\n  "references": [{ "path": "./tsconfig.app.json" }],\n}\n',
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import App from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  'src/index.css': ':root { color: rgb(20, 30, 140); }\nbody { margin: 0; padding: 11px; }\n',
  'src/App.css': '.logo { height: 48px; }\n',
  'src/assets/react.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="20" fill="#61dafb"/></svg>',
  // Hostile: a data: URL of an SVG with script is shown as an image, where no script runs.
  'src/assets/evil.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="console.error(\'SVG-SCRIPT-RAN\')"><script>console.error("SVG-SCRIPT-RAN")</script><rect width="8" height="8"/></svg>',
  // Vite serves public/ at the root: \`/vite.svg\` imported is read; favicon.svg, which no code imports, is not run.
  'public/vite.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#646cff"/></svg>',
  'public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>',
  'src/App.tsx': `import { useState } from 'react';
import reactLogo from './assets/react.svg';
import viteLogo from '/vite.svg';
import evil from './assets/evil.svg';
import './App.css';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <>
      <img src={viteLogo} className="logo" alt="Vite logo" />
      <img src={reactLogo} className="logo" alt="React logo" />
      <img src={evil} alt="Evil" />
      <h1>Vite + React</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>count is {count}</button>
    </>
  );
}
`,
};

test('a Vite-template proposal renders with its global CSS and its card marks the files not run here', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const { roomId, res } = await propose('Vite app', VITE);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // devDependencies are never installed or bundled: nothing to pin.
  expect(res.body.proposal.packages ?? null).toBeNull();
  const card = await approveOnCard(page, roomId, 'Vite app');
  for (const file of ['index.html', 'vite.config.ts', 'src/main.tsx', 'public/favicon.svg'])
    await expect(card.getByRole('region', { name: `File ${file}` }).getByText('not run here')).toBeVisible();
  for (const file of ['src/App.tsx', 'src/index.css', 'package.json', 'public/vite.svg'])
    await expect(card.getByRole('region', { name: `File ${file}` }).getByText('not run here')).toHaveCount(0);
  const notes = card.getByRole('region', { name: 'Project files' });
  await expect(notes).toContainText(
    'Not run here: index.html, public/favicon.svg, src/main.tsx, vite.config.ts.',
  );
  await expect(notes.getByRole('list', { name: 'devDependencies' }).getByRole('listitem')).toHaveText([
    '@vitejs/plugin-react@^4.3.4',
    'typescript@~5.6.2',
    'vite@^6.0.5',
  ]);
  await card.getByRole('region', { name: 'File index.html' }).scrollIntoViewIfNeeded();
  await card.screenshot({ path: test.info().outputPath('vite-card.png') });
  await card.getByRole('button', { name: 'Approve and create' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);
  await page.getByRole('link', { name: 'Open Vite app' }).click();
  const frame = page.frameLocator('iframe[title="Vite app"]');
  await expect(frame.getByRole('heading', { name: 'Vite + React' })).toBeVisible();
  // src/main.tsx's index.css applies; the svg is a data: URL the frame shows.
  await expect(frame.locator('h1')).toHaveCSS('color', 'rgb(20, 30, 140)');
  await expect(frame.locator('body')).toHaveCSS('padding-top', '11px');
  const logo = frame.getByRole('img', { name: 'React logo' });
  await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  const viteLogo = frame.getByRole('img', { name: 'Vite logo' });
  await expect.poll(() => viteLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  const evil = frame.getByRole('img', { name: 'Evil' });
  await expect.poll(() => evil.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  expect(logs.filter((l) => l.includes('SVG-SCRIPT-RAN'))).toEqual([]);
  await frame.getByRole('button', { name: 'count is 0' }).click();
  await expect(frame.getByRole('button', { name: 'count is 1' })).toBeVisible();
});
