import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '../..');
const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

export interface Weight {
  launcherInitialGzip: number;
  launcherInitialFiles: string[];
  frameRuntimeGzip: number;
  frameCompilerGzip: number;
  sandpackGzip: number;
  sandpackFiles: string[];
}

/** Gzip bytes of what the launcher loads first, of the frame runtime and its compiler, and of the lazy Sandpack chunks. */
export function measureWeight(): Weight {
  const shell = path.join(ROOT, 'dist/shell');
  const html = fs.readFileSync(path.join(shell, 'index.html'), 'utf8');
  const initial = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => (m[1] as string).replace(/^\//, ''));
  const assets = fs.readdirSync(path.join(shell, 'assets')).filter((f) => f.endsWith('.js'));
  // Lazy chunks other than the review page's highlighter are the Sandpack fallback's.
  const sandpack = assets.filter((f) => !initial.includes(`assets/${f}`) && !/^highlight-/.test(f));
  return {
    launcherInitialGzip: initial.reduce((n, f) => n + gz(path.join(shell, f)), 0),
    launcherInitialFiles: initial,
    frameRuntimeGzip: gz(path.join(ROOT, 'dist/frame/frame.js')),
    frameCompilerGzip: gz(path.join(ROOT, 'dist/frame/compile.js')),
    sandpackGzip: sandpack.reduce((n, f) => n + gz(path.join(shell, 'assets', f)), 0),
    sandpackFiles: sandpack,
  };
}
