import fs from 'node:fs';
import path from 'node:path';

const BUNDLER_DIR = path.resolve(
  import.meta.dirname,
  '../../node_modules/@codesandbox/sandpack-client/sandpack',
);

/** Every file of the Sandpack bundler folder (relative, no leading slash): what a hostile app could ask its site for. */
export const BUNDLER_PATHS: string[] = fs
  .readdirSync(BUNDLER_DIR, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => fs.statSync(path.join(BUNDLER_DIR, f)).isFile())
  .sort();
