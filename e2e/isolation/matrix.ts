import type { Group, Row } from './Row.ts';
import { bundle } from './rows/bundle.ts';
import { crossApp } from './rows/crossApp.ts';
import { dataFiles } from './rows/dataFiles.ts';
import { dialogs } from './rows/dialogs.ts';
import { exhaustion } from './rows/exhaustion.ts';
import { fileSave } from './rows/fileSave.ts';
import { forms } from './rows/forms.ts';
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
import { webStorage } from './rows/webStorage.ts';

export type { Group, Row } from './Row.ts';

/** The isolation matrix: every row, in group order (one file per group under `rows/`). */
export const matrix: Row[] = [
  ...parentDom,
  ...storage,
  ...webStorage,
  ...crossApp,
  ...dataFiles,
  ...fileSave,
  ...outbound,
  ...navigation,
  ...forms,
  ...dialogs,
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

/** Sandpack rows that assert the launcher never stalls while the app floods it: they run alone too. */
export const SANDPACK_STALL_ROWS = ['SP5', 'SP6'];

export function rowsIn(groups: Group[]): Row[] {
  return matrix.filter((row) => groups.includes(row.group));
}

export function row(id: string): Row {
  const found = matrix.find((r) => r.id === id);
  if (!found) throw new Error(`no row ${id}`);
  return found;
}
