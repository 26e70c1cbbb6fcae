/** Bare imports the Sucrase runtime serves itself (runtime/frame/providedModules.ts); others need Sandpack. */
export const PROVIDED_IMPORTS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@room/sdk',
] as const;

/** The `Symbol.for` key under which the frame hands package bundles its provided modules (one React). */
export const PROVIDED_GLOBAL = 'room.provided';

/** Where a frame site serves a package bundle: `/deps/<sha256 hex>.js`. */
export const BUNDLE_PATH = /^\/deps\/([0-9a-f]{64})\.js$/;
