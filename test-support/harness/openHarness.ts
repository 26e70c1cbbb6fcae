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
<body><button id="open" type="button">Open</button><div id="frames"></div></body></html>`;

/**
 * Opens a host page on the shell's origin (the only ancestor the frame CSP allows) whose frames load from
 * the real server's `<key>.localhost` hosts. The document comes from the real server (`/healthz`, which
 * carries no CSP), then is rewritten: a page the browser answered itself would count as public, and
 * Chromium's Local Network Access checks would block its loopback frames.
 */
export async function openHarness(page: Page, shellUrl: string): Promise<void> {
  const script = await harnessScript();
  await page.goto(`${shellUrl}/healthz`);
  await page.setContent(HTML);
  await page.addScriptTag({ content: script });
  await page.waitForFunction(() => 'roomHarness' in window);
}
