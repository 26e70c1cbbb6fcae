import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

defineRowTests('sandpack', rowsIn(['sandpack']));
