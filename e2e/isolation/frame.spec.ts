import { defineRowTests } from './defineRowTests.ts';
import { rowsIn, STALL_ROWS } from './matrix.ts';

// K2 asserts the launcher never stalls while the app fills its quota: it runs alone (exhaustion.spec.ts).
defineRowTests(
  'frame',
  rowsIn(['parent-dom', 'storage', 'cross-app', 'files']).filter((r) => !STALL_ROWS.includes(r.id)),
);
