import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const INPUTS = [
  'src',
  'runtime',
  'validation',
  'index.html',
  'vite.config.ts',
  'vite.frame.config.ts',
  'package-lock.json',
];
const STAMP = path.join(ROOT, 'dist', '.build-stamp');

/** Hash of every build input's path, size and mtime: cheap, and changes whenever a source does. */
function inputStamp(): string {
  const hash = createHash('sha256');
  const visit = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) return;
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(path.join(rel, name));
    } else if (!/\.test\.tsx?$/.test(rel)) {
      hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(input);
  return hash.digest('hex');
}

/** Builds the shell and the frame runtime when missing or stale; a no-op otherwise. */
export async function ensureBuilt(
  opts: { force?: boolean; log?: (line: string) => void } = {},
): Promise<void> {
  const log = opts.log ?? (() => {});
  const stamp = inputStamp();
  if (!opts.force && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === stamp) {
    log('Build is up to date.');
    return;
  }
  for (const [label, configFile, outDir] of [
    ['shell', 'vite.config.ts', 'dist/shell'],
    ['frame runtime', 'vite.frame.config.ts', 'dist/frame'],
  ] as const) {
    const started = Date.now();
    log(`Building the ${label}…`);
    // Build beside the live folder, then swap, so a running server never serves a half-written build.
    const final = path.join(ROOT, outDir);
    const next = `${final}.next-${process.pid}`;
    // Vite keeps a NODE_ENV it inherits: a build started from a test runner (NODE_ENV=test) would ship
    // React's development build. What we serve is always the production one.
    const inherited = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: path.join(ROOT, configFile),
        mode: 'production',
        logLevel: 'warn',
        build: { outDir: next, emptyOutDir: true },
      });
    } finally {
      if (inherited === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = inherited;
    }
    fs.rmSync(final, { recursive: true, force: true });
    fs.renameSync(next, final);
    log(`Built the ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  fs.writeFileSync(STAMP, stamp);
}
