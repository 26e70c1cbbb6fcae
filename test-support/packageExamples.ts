import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { CORPUS_PATH } from './harness/corpus.ts';

/** A react.dev example that needs npm packages, as a proposal's files. */
export interface PackageExample {
  id: string;
  files: Record<string, string>;
}

/** The react.dev examples that are not self-contained, entering at src/App.tsx like every proposal. */
export function packageExamples(): PackageExample[] {
  const corpus = JSON.parse(fs.readFileSync(CORPUS_PATH, 'utf8')) as {
    examples: (PackageExample & { self_contained: boolean })[];
  };
  return (
    corpus.examples
      .filter((e) => !e.self_contained)
      // The examples' App.js is plain JS, which TSX parses.
      .map((e) => {
        const { 'src/App.js': app, ...rest } = e.files;
        return { id: e.id, files: app === undefined ? e.files : { ...rest, 'src/App.tsx': app } };
      })
  );
}

/** Where an approved app runs, as the launcher is told: pre-bundled, Sandpack, or no packages at all. */
export type AppPath = 'bundle' | 'sandpack' | 'no packages' | 'not proposed';

export interface AppOutcome {
  path: AppPath;
  rendered: boolean;
  /** Navigation to the app's first output, when it rendered. */
  ms?: number;
  /** Why it did not render. */
  why?: string;
}

const PER_APP_MS = 45_000;
// A render error arrives just after the first output: give it a moment before counting a render.
const SETTLE_MS = 1500;

/**
 * Opens an approved app in the signed-in launcher page and waits for its first output (Sandpack's "done",
 * or the Sucrase frame running) or an error banner, then the settle time: did it render, on which path.
 */
export async function openApp(
  page: Page,
  base: string,
  token: string,
  roomId: string,
  appId: string,
  name: string,
): Promise<AppOutcome> {
  const room = (await fetch(`${base}/api/rooms/${roomId}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json())) as {
    apps: {
      id: string;
      sandpack_url: string | null;
      packages_path: string | null;
    }[];
  };
  const view = room.apps.find((a) => a.id === appId);
  const path: AppPath = view?.sandpack_url
    ? 'sandpack'
    : view?.packages_path === 'bundle'
      ? 'bundle'
      : 'no packages';
  const started = Date.now();
  await page.goto(`${base}/rooms/${roomId}?app=${appId}`);
  const opened = await appOpened(page, name, path);
  return 'why' in opened
    ? { path, rendered: false, why: opened.why }
    : { path, rendered: true, ms: opened.shownAt - started };
}

/**
 * Waits for the open app's first output (Sandpack's "done", or the Sucrase frame running) or an error
 * banner, then the settle time: when it first showed, or why it did not render (the banner's text).
 */
export async function appOpened(
  page: Page,
  name: string,
  path: AppPath,
  timeoutMs = PER_APP_MS,
): Promise<{ shownAt: number } | { why: string }> {
  const alert = page.getByRole('alert');
  const firstOutput =
    path === 'sandpack'
      ? page.locator('[data-sandpack-ms]').or(alert).first().waitFor({ timeout: timeoutMs })
      : // The Sucrase frame is running once the app's "Opening…" panel is gone and its frame is there.
        page.waitForFunction(
          (title) =>
            document.querySelector('[role="alert"]') !== null ||
            (document.querySelector(`iframe[title="${title}"]`) !== null &&
              document.querySelector('.panel-loading') === null),
          name,
          { timeout: timeoutMs },
        );
  const shownAt = await firstOutput.then(
    () => Date.now(),
    () => undefined,
  );
  if (shownAt === undefined) return { why: 'no outcome in time' };
  await page.waitForTimeout(SETTLE_MS);
  if ((await alert.count()) > 0) {
    const why = (await alert.first().textContent()) ?? '';
    return { why: why.replace(/\s+/g, ' ').slice(0, 200) };
  }
  return { shownAt };
}
