import { defineMetaTests, META_ALONE, META_CASES } from './metaCases.ts';

// The flood without message budgets freezes its launcher for seconds: it runs with the stall rows, alone.
defineMetaTests(
  'meta alone',
  META_CASES.filter((c) => META_ALONE.includes(c.id)),
);
