import fs from 'node:fs';
import type { CDPSession } from '@playwright/test';

/** Renderer process ids, from CDP (the browser's own view of its processes), without Chromium's own UI. */
export async function rendererPids(cdp: CDPSession): Promise<number[]> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer' && !isChromeUi(p.id)).map((p) => p.id);
}

// A new browser context starts a WebUI renderer of its own (~80 MB) that no page asked for: not the page's cost.
function isChromeUi(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('--top-chrome-webui');
  } catch {
    return false;
  }
}

/** Proportional set size of a process in bytes (shared pages split among their users), from /proc. */
export function pssBytes(pid: number): number {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** What the renderers that appear while `action` runs use, summed. */
export async function newRenderersPss(cdp: CDPSession, action: () => Promise<void>): Promise<number> {
  const before = new Set(await rendererPids(cdp));
  await action();
  const added = (await rendererPids(cdp)).filter((pid) => !before.has(pid));
  return added.reduce((n, pid) => n + pssBytes(pid), 0);
}
