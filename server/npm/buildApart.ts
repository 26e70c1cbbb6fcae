import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PinnedPackage } from '../../validation/views.ts';
import {
  BUNDLE_LIMITS,
  type Bundle,
  BundleFailed,
  type BundleLimits,
  type BundleSource,
  SCRATCH_PREFIX,
} from './buildBundle.ts';
import type { BuilderMessage, BuildJob } from './builderChild.ts';
import { bundleEntry } from './bundleEntry.ts';
import { groupRss } from './groupRss.ts';
import { removeApart } from './removeApart.ts';

const CHILD = path.join(import.meta.dirname, 'builderChild.ts');
const TSX = import.meta.resolve('tsx');

let running = 0;
const waiting: (() => void)[] = [];
/** Builders running now: a server that stops takes them with it. */
const live = new Set<ChildProcess>();

/**
 * Kills every running builder's process group (esbuild's service included) and removes their scratch
 * folders in a process that outlives this one: for the server's shutdown and its 'exit' (synchronous).
 */
export function stopBuilders(): void {
  const pids = [...live].map((c) => c.pid);
  for (const child of live) killGroup(child);
  live.clear();
  let names: string[] = [];
  try {
    names = fs.readdirSync(os.tmpdir());
  } catch {}
  void removeApart(scratchOf(names, pids));
}

/**
 * `buildBundle` in a builder process of its own (one per build): unpacking, esbuild and clean-up stay
 * off the server's event loop, at a lower priority, killed past `limits.timeoutMs` or
 * `limits.maxMemoryBytes` (a failed build names the package it was at); a builder that dies takes only its
 * build with it. Resolves as buildBundle does; rejects with BundleFailed for a set that cannot be built.
 */
export async function buildBundleApart(
  source: BundleSource,
  packages: PinnedPackage[],
  files: Record<string, string>,
  limits: BundleLimits = BUNDLE_LIMITS,
): Promise<Bundle | null> {
  if (!bundleEntry(files)) return null;
  while (running >= limits.concurrency) await new Promise<void>((r) => waiting.push(r));
  running += 1;
  try {
    return await runBuilder(jobOf(source, packages, files, limits));
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function jobOf(
  source: BundleSource,
  packages: PinnedPackage[],
  files: Record<string, string>,
  limits: BundleLimits,
): BuildJob {
  const tarballs: BuildJob['tarballs'] = {};
  const manifests: BuildJob['manifests'] = {};
  for (const p of packages) {
    const tgz = source.tarball(p.integrity);
    if (tgz) tarballs[p.integrity] = tgz;
    const m = source.manifest(p.name, p.version);
    if (m)
      manifests[`${p.name}@${p.version}`] = {
        dependencies: m.dependencies,
        peerDependencies: m.peerDependencies,
      };
  }
  return { packages, files, limits, tarballs, manifests };
}

function runBuilder(job: BuildJob): Promise<Bundle | null> {
  // Half the limit each to Node's heap and esbuild's Go heap (GOMEMLIMIT): the watchdog holds their sum.
  const half = Math.max(64, Math.floor(job.limits.maxMemoryBytes / 2 ** 21));
  const child = spawn(process.execPath, ['--import', TSX, `--max-old-space-size=${half}`, CHILD], {
    // Its own process group, esbuild's service included: one kill ends both.
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: builderEnv(`${half}MiB`),
  });
  live.add(child);
  let stage = '';
  let killedFor = '';
  let answer: BuilderMessage | undefined;
  const kill = (why: string) => {
    killedFor ||= why;
    killGroup(child);
  };
  const timer = setTimeout(
    () => kill(`The build took longer than ${job.limits.timeoutMs} ms`),
    job.limits.timeoutMs,
  );
  const watchdog = setInterval(() => {
    if (child.pid === undefined) return;
    void groupRss(child.pid).then((rss) => {
      if (rss > job.limits.maxMemoryBytes)
        kill(
          `The packages are too large to build: more than ${job.limits.maxMemoryBytes >> 20} MiB of memory`,
        );
    });
  }, 250);
  let exit = '';
  child.on('exit', (code, signal) => {
    exit = signal ? `signal ${signal}` : `code ${code}`;
  });
  child.on('message', (m: BuilderMessage) => {
    if (m.type === 'stage') stage = m.what;
    else answer = m;
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    // After the channel closed every message the builder sent has arrived; an error may come instead.
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      killGroup(child);
      live.delete(child);
      if (answer?.type === 'done') return resolve(answer.bundle);
      if (answer?.type === 'failed')
        return reject(answer.bundleFailed ? new BundleFailed(answer.message) : new Error(answer.message));
      // A builder that answered removed its folder; this one's goes apart, the next build not waiting on it.
      void removeScratch(child.pid);
      const why = killedFor || 'The builder stopped (a package file it could not handle)';
      // The operator's record: the note says why, the log says how the process ended.
      process.stderr.write(
        `room: a package build ended without a bundle (${exit || 'its channel closed'}): ${why}\n`,
      );
      reject(new BundleFailed(stage ? `${why}, ${stage}` : why));
    };
    child.on('disconnect', finish);
    child.on('error', (err) => {
      killedFor ||= `The builder failed (${err.message})`;
      finish();
    });
    if (child.connected) child.send(job);
  });
}

/** The builder's environment: where to find programs and scratch space, nothing of the server's secrets. */
function builderEnv(goMemLimit: string): NodeJS.ProcessEnv {
  const keep = ['PATH', 'TMPDIR', 'TMP', 'TEMP', 'HOME', 'LANG', 'ESBUILD_BINARY_PATH', 'SYSTEMROOT'];
  const env: NodeJS.ProcessEnv = { GOMEMLIMIT: goMemLimit };
  for (const k of keep) if (process.env[k] !== undefined) env[k] = process.env[k];
  return env;
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {}
}

/** A killed builder's scratch folders (named after its process id), removed in a process of their own. */
async function removeScratch(pid: number | undefined): Promise<void> {
  const names = await fs.promises.readdir(os.tmpdir()).catch(() => [] as string[]);
  await removeApart(scratchOf(names, [pid]));
}

function scratchOf(names: string[], pids: (number | undefined)[]): string[] {
  const mine = pids.filter((p) => p !== undefined).map((p) => `${SCRATCH_PREFIX}${p}-`);
  return names.filter((n) => mine.some((m) => n.startsWith(m))).map((n) => path.join(os.tmpdir(), n));
}
