import { createRequire } from 'node:module';

// Apart from dependencies.ts so the e2e setup reads them without loading the gate's parser.
/** The React the Sucrase runtime ships; Sandpack apps get exactly this one too. */
export const REACT_VERSION = (createRequire(import.meta.url)('react/package.json') as { version: string })
  .version;

/**
 * What the bundler installs for every react-ts sandbox whatever the app asks (its create-react-app
 * preset's `processDependencies`, in sandpack/static/js/sandbox.*.js, and its requests).
 */
export const BUNDLER_IMPLICIT: Record<string, string> = {
  'node-libs-browser': '2.2.1',
  'babel-runtime': '6.26.0',
  'react-refresh': '0.9.0',
  '@babel/core': '^7.3.3',
  '@babel/runtime': '^7.3.4',
};
