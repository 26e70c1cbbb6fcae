import type { Group, Row } from './Row.ts';
import { bundle } from './rows/bundle.ts';
import { crossApp } from './rows/crossApp.ts';
import { exhaustion } from './rows/exhaustion.ts';
import { fileSave } from './rows/fileSave.ts';
import { messaging } from './rows/messaging.ts';
import { navigation } from './rows/navigation.ts';
import { network } from './rows/network.ts';
import { outbound } from './rows/outbound.ts';
import { parentDom } from './rows/parentDom.ts';
import { reviewer } from './rows/reviewer.ts';
import { sandpack } from './rows/sandpack.ts';
import { server } from './rows/server.ts';
import { storage } from './rows/storage.ts';
import { unreviewed } from './rows/unreviewed.ts';

export type { Group, Row } from './Row.ts';

/** The isolation matrix: every row, in group order (one file per group under `rows/`). */
export const matrix: Row[] = [
  ...parentDom,
  ...storage,
  ...crossApp,
  ...fileSave,
  ...outbound,
  ...navigation,
  ...network,
  ...messaging,
  ...exhaustion,
  ...reviewer,
  ...unreviewed,
  ...sandpack,
  ...server,
  ...bundle,
];

/** Rows of other groups that assert the launcher never stalls, or time it: a neighbouring test's load would fail them. */
export const STALL_ROWS = ['K2', 'K6'];

export function rowsIn(groups: Group[]): Row[] {
  return matrix.filter((row) => groups.includes(row.group));
}

export function row(id: string): Row {
  const found = matrix.find((r) => r.id === id);
  if (!found) throw new Error(`no row ${id}`);
  return found;
}
