import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

defineRowTests('forms-dialogs', rowsIn(['forms', 'dialogs']));
