import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

defineRowTests('review', rowsIn(['reviewer', 'unreviewed']));
