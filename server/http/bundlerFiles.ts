import fs from 'node:fs';
import path from 'node:path';

/** What an app's Sandpack site may serve from the bundler folder, by path relative to it (no leading slash). */
export interface BundlerFiles {
  /** Files served as they are (the index is served apart, with telemetry off). */
  served: ReadonlySet<string>;
  /** The dedicated workers the bundler starts (its transpilers): the only scripts `worker-src` names. */
  workers: readonly string[];
}

// What loading a Sandpack app requests beyond the index's own scripts (recorded in the e2e), by pattern
// so that a package update's new hashes keep working.
const NEEDED = [
  /^static\/js\/\d+\.[0-9a-f]+\.chunk\.js$/, // the sandbox's lazy chunks
  /^static\/js\/babel\.[\d.]+\.min\.js$/, // Babel standalone, which the transpiler worker imports
  // CSS imports (plain and modules): the bundler's CSS loaders.
  /^static\/js\/(vendors~)?(css-loader|css-modules-loader-core|postcss-compiler)\.[0-9a-f]+\.chunk\.js$/,
];
const WORKERS = [/^babel-transpiler\.[0-9a-f]+\.worker\.js$/];

/** Service-worker scripts (CodeSandbox's relay `sw.<hash>.worker.js`, `service-worker.js`, …): never served. */
export const SERVICE_WORKER_NAME = /(^|[.~_-])(sw|service-?worker)([.~_-]|$)/i;

/** The allowlist, computed once from the folder's contents: nothing else in it reaches a browser. */
export function bundlerFiles(dir: string): BundlerFiles {
  const all = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'));
  const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const scripts = [...index.matchAll(/<script[^>]*\ssrc="\/([^"?#]+)"/g)].map((m) => m[1] as string);
  const isServiceWorker = (f: string) => SERVICE_WORKER_NAME.test(path.posix.basename(f));
  const workers = all.filter((f) => WORKERS.some((re) => re.test(f)) && !isServiceWorker(f));
  const present = new Set(all);
  const served = new Set(
    [...scripts, ...all.filter((f) => NEEDED.some((re) => re.test(f))), ...workers].filter(
      (f) => present.has(f) && !isServiceWorker(f),
    ),
  );
  return { served, workers };
}
