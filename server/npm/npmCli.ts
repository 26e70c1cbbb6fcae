import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RegistryManifest } from './RegistryClient.ts';

/** An npm CLI failure with npm's own words (E404, ETARGET, network). */
export class NpmCliError extends Error {
  override readonly name = 'NpmCliError';
}

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// npm's own CLI, so the user's registry, proxy and auth settings (.npmrc) apply.
function npm(args: string[], cwd = process.cwd()): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      NPM,
      args,
      {
        cwd,
        maxBuffer: 64 * 1024 * 1024,
        timeout: 120_000,
        env: { ...process.env, npm_config_fund: 'false' },
      },
      (err, stdout, stderr) => {
        if (err) {
          const why = /npm (?:error|ERR!) (?:code )?(\S+)[^\n]*\n?(?:npm (?:error|ERR!) )?([^\n]*)/.exec(
            `${stderr}`,
          );
          reject(new NpmCliError(why ? `${why[1]} ${why[2]}`.trim() : String(err.message).split('\n')[0]));
        } else resolve(stdout);
      },
    );
  });
}

/** Every manifest matching `name@range` (`npm view` prints one object or an array). */
export async function npmView(name: string, range: string): Promise<RegistryManifest[]> {
  const out = await npm(['view', `${name}@${range}`, '--json']);
  if (!out.trim()) return [];
  const parsed = JSON.parse(out) as RegistryManifest | RegistryManifest[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** Downloads `name@version`'s tarball with `npm pack` and moves it to `dest`. */
export async function npmPack(name: string, version: string, dest: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-npm-pack-'));
  try {
    const out = await npm(['pack', `${name}@${version}`, '--json', '--pack-destination', dir], dir);
    const [info] = JSON.parse(out) as { filename: string }[];
    if (!info) throw new NpmCliError(`npm pack ${name}@${version} printed nothing`);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    // Copy, not rename: the temp folder may be on another filesystem.
    fs.copyFileSync(path.join(dir, path.basename(info.filename)), `${dest}.part`);
    fs.renameSync(`${dest}.part`, dest);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
