import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

defineRowTests('navigation', rowsIn(['navigation']));
