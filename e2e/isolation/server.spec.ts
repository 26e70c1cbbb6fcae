import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

// The attacker is a member with a write token and the target is the shared server itself, over HTTP.
defineRowTests('server', rowsIn(['server']));
