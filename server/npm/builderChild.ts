import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PinnedPackage } from '../../validation/views.ts';
import { type Bundle, BundleFailed, type BundleLimits, buildBundle } from './buildBundle.ts';
import type { Manifest } from './NpmCache.ts';

/** One build, as the server hands it to a builder process: plain data only. */
export interface BuildJob {
  packages: PinnedPackage[];
  files: Record<string, string>;
  limits: BundleLimits;
  /** Each pinned package's checked tarball in the npm cache, by integrity. */
  tarballs: Record<string, string>;
  /** The manifest fields the build reads, by `name@version`. */
  manifests: Record<string, Pick<Manifest, 'dependencies' | 'peerDependencies'>>;
}

/** What the builder tells the server: the package it is at, then its one answer. */
export type BuilderMessage =
  | { type: 'stage'; what: string }
  | { type: 'done'; bundle: Bundle | null }
  | { type: 'failed'; message: string; bundleFailed: boolean };

const send = (m: BuilderMessage) => new Promise<void>((r) => process.send?.(m, () => r()));

// The server is gone: nothing waits for this build (its folder is swept at the next start).
process.on('disconnect', () => process.exit(1));
// The same from a thread of its own, which runs while this one is busy (a 'disconnect' waits for it):
// once the server is no longer the parent, the builder's group (esbuild's service too) is killed.
new Worker(
  `const parent = require('node:worker_threads').workerData;
  setInterval(() => {
    if (process.ppid === parent) return;
    try { process.kill(-process.pid, 'SIGKILL'); } catch {}
    process.kill(process.pid, 'SIGKILL');
  }, 250);`,
  { eval: true, workerData: process.ppid, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 16 } },
).unref();
process.once('message', async (job: BuildJob) => {
  // Below the server's requests for the CPU; esbuild's process, started later, inherits it.
  try {
    os.setPriority(10);
  } catch {}
  const source = {
    tarball: (integrity: string) => job.tarballs[integrity],
    manifest: (name: string, version: string) => job.manifests[`${name}@${version}`] as Manifest | undefined,
  };
  try {
    const bundle = await buildBundle(
      source,
      job.packages,
      job.files,
      job.limits,
      (what) => void send({ type: 'stage', what }),
    );
    await send({ type: 'done', bundle });
  } catch (err) {
    const message = (err as Error).message.replaceAll(os.tmpdir(), '…');
    await send({ type: 'failed', message, bundleFailed: err instanceof BundleFailed });
  }
  process.exit(0);
});
