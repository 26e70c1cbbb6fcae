import { defineMetaTests, META_CASES, META_SANDPACK } from './metaCases.ts';

// The meta case that starts a bundler: it runs in the one-at-a-time Sandpack project.
defineMetaTests(
  'meta sandpack',
  META_CASES.filter((c) => META_SANDPACK.includes(c.id)),
);
