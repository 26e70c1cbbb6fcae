import { defineRowTests } from './defineRowTests.ts';
import { row, rowsIn, STALL_ROWS } from './matrix.ts';

// The rows that sample the launcher's stalls while an app attacks it: the 'alone' project runs them.
defineRowTests('exhaustion', [...rowsIn(['exhaustion', 'messaging']), ...STALL_ROWS.map(row)]);
