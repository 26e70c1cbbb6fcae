import { test } from '@playwright/test';
import { defineRowTests } from './defineRowTests.ts';
import { CALM_MESSAGING, row, rowsIn, SANDPACK_STALL_ROWS, STALL_ROWS } from './matrix.ts';
import { SANDPACK_PROFILES } from './userProfile.ts';

/** Rows that time the launcher's storage on disk: a fresh context keeps IndexedDB in memory. */
const ON_DISK = ['K6'];

// The rows that sample the launcher's stalls while an app attacks it: the 'alone' project runs them.
defineRowTests('exhaustion', [
  ...rowsIn(['exhaustion', 'messaging']).filter((r) => !CALM_MESSAGING.includes(r.id)),
  ...STALL_ROWS.filter((id) => !ON_DISK.includes(id)).map(row),
]);
test.describe('on disk', () => defineRowTests('timing', ON_DISK.map(row), ['user']));
// The Sandpack floods, in the profiles the Sandpack spec runs its other rows in.
test.describe('sandpack', () =>
  defineRowTests('sandpack floods', SANDPACK_STALL_ROWS.map(row), SANDPACK_PROFILES));
