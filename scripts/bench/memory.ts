import fs from 'node:fs';
import type { CDPSession } from '@playwright/test';

/** Renderer process ids, from CDP (the browser's own view of its processes). */
export async function rendererPids(cdp: CDPSession): Promise<number[]> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
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
