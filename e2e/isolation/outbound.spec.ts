import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

// Clipboard, links and downloads: what an app may send out through the person.
defineRowTests('outbound', rowsIn(['outbound']));
