import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

defineRowTests('frame', rowsIn(['parent-dom', 'storage', 'cross-app']));
