import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';

const ENTRY = path.join(import.meta.dirname, 'harnessEntry.ts');
let bundle: Promise<string> | undefined;

/** The harness bundle: the real host-side runtime (FrameController, FramePool) plus a small driver. */
function harnessScript(): Promise<string> {
  bundle ??= build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  }).then((r) => r.outputFiles[0]?.text ?? '');
  return bundle;
}

const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Runtime harness</title></head>
<body><button id="open" type="button">Open</button><div id="frames"></div>
<script src="/__room-harness.js"></script></body></html>`;

/**
 * Opens a host page on the shell's origin (the only ancestor the frame CSP allows), answered by the
 * browser itself through `page.route`; its frames load from the real server's `<key>.localhost` hosts.
 */
export async function openHarness(page: Page, shellUrl: string): Promise<void> {
  const script = await harnessScript();
  await page.route(`${shellUrl}/__room-harness**`, (route) =>
    route.request().url().endsWith('.js')
      ? route.fulfill({ contentType: 'text/javascript', body: script })
      : route.fulfill({ contentType: 'text/html', body: HTML }),
  );
  await page.goto(`${shellUrl}/__room-harness`);
  await page.waitForFunction(() => 'roomHarness' in window);
}
