import type { Row } from './Row.ts';

/** `npm run test:isolation` (ROOM_E2E_FULL=1): every row, in every profile. */
export const FULL_RUN = !!process.env.ROOM_E2E_FULL;

/**
 * Rows only the full run has, each with the row of its group that `npm test` keeps for the same path (its
 * fixed sample): the long tail past the suite's time budget. Their meta cases still run in `npm test`.
 */
export const FULL_RUN_ONLY: Record<string, string> = {
  // Saving files: the prompt under a person's typing and tapping, and names that mislead.
  F5: 'F6',
  F7: 'F4',
  F9: 'F6',
  F10: 'F6',
  F11: 'F8',
  // Clipboard, links and downloads without the person, or spoofed.
  O3: 'O2',
  O4: 'O2',
  O5: 'O1',
  // Web Storage: prototype keys, a write flood, a navigation right after writing, writes on a taken port.
  WS4: 'WS3',
  WS5: 'WS3',
  WS7: 'WS8',
  WS9: 'WS3',
  // A dialog claimed without a gesture (DG5 claims four through the same helper).
  DG6: 'DG5',
  // The alone project: a nested frame's flood, 10 MB errors.
  SP6: 'SP5',
  M7: 'M5',
};

/** The rows this run has: all of them in the full run, the fixed sample otherwise. */
export function inThisRun(rows: Row[]): Row[] {
  return FULL_RUN ? rows : rows.filter((r) => !(r.id in FULL_RUN_ONLY));
}
