import { expect } from '@playwright/test';
import type { Attempt, Probe, RowContext } from './rowEnv.ts';

/** One attempt of a probe, by key. */
export const at = (probe: Probe, key: string) => probe[key] as Attempt;

/** The attempt failed inside the frame (threw or rejected), with `error` when given. */
export function failed(attempt: Attempt | undefined, error?: string | RegExp): void {
  expect(attempt, 'the attempt was recorded').toBeDefined();
  expect(attempt?.ok, `expected a failure, saw ${JSON.stringify(attempt)}`).toBe(false);
  if (typeof error === 'string') expect(attempt?.error).toBe(error);
  else if (error) expect(String(attempt?.error)).toMatch(error);
}

/**
 * Nothing left the frame: the request log and the loopback listener saw nothing. Call it after the
 * row's done signal (its probe rendered, the launcher's stop message): it drains what is in flight first.
 */
export async function noLeaks(t: RowContext): Promise<void> {
  await t.drain();
  expect(t.leaks(), 'requests that left a frame').toEqual([]);
}

/**
 * No HTTP request or upgrade left a frame. A frame *navigation* (its own, or a nested frame's) that CSP
 * refuses still opens a bare TCP connection (and DNS lookup) to the target first, with no bytes sent:
 * the documented residual, allowed here and nowhere else.
 */
export async function noHttpLeaks(t: RowContext): Promise<void> {
  await t.drain();
  expect(
    t.leaks().filter((l) => l !== 'listener connection '),
    'requests that left a frame',
  ).toEqual([]);
}

/** Nothing reached the loopback listener (the bundler's own site and the registry are its to use). */
export async function listenerUntouched(t: RowContext): Promise<void> {
  await t.drain();
  expect(
    t.leaks().filter((l) => l.startsWith('listener') || l.includes(t.env.listener)),
    'requests that reached the listener',
  ).toEqual([]);
}

/** The launcher is where it was: same room URL, no popup, no dialog, no download, no crash, no error banner. */
export async function launcherIntact(t: RowContext, role = 'main'): Promise<void> {
  expect(new URL(t.page.url()).pathname).toBe(`/rooms/${t.roomId}`);
  expect(
    t.popups.map((p) => p.url()),
    'pages opened',
  ).toEqual([]);
  expect(t.dialogs, 'dialogs').toEqual([]);
  expect(t.downloads, 'downloads').toEqual([]);
  expect(t.crashes, 'host crashes').toEqual([]);
  await expect(t.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(t.iframe(role)).toBeAttached();
  await expect(t.page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
}
