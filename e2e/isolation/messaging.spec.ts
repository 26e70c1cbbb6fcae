import { defineRowTests } from './defineRowTests.ts';
import { CALM_MESSAGING, row } from './matrix.ts';

// The messaging rows that sample no stalls; the floods run alone (exhaustion.spec.ts).
defineRowTests('messaging', CALM_MESSAGING.map(row));
