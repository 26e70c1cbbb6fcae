import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { appDir, runRoom } from '../test-support/cliHarness.ts';
import { LIMITS, REPOSITORY_LIMITS } from '../validation/proposal.ts';
import { collectFiles } from './collectFiles.ts';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const MB = 1024 * 1024;

/** A folder with a 100 MB sparse file of zeros and a 100 MB sparse file that starts as text. */
function hugeDir(): string {
  const dir = appDir({ 'src/App.tsx': APP, 'data.ts': 'export const rows = [];\n'.repeat(1000) });
  fs.writeFileSync(path.join(dir, 'blob.bin'), '');
  fs.truncateSync(path.join(dir, 'blob.bin'), 100 * MB);
  fs.truncateSync(path.join(dir, 'data.ts'), 100 * MB);
  return dir;
}

/** Runs `room …` in a fresh Node process; answers its exit code, output and peak resident memory. */
async function roomInChild(argv: string[]): Promise<{ code: number; out: string; peakMb: number }> {
  const main = pathToFileURL(path.resolve(import.meta.dirname, 'main.ts')).href;
  const script = `
    import { register } from 'tsx/esm/api';
    register();
    const { runCli } = await import(${JSON.stringify(main)});
    const out = [];
    const code = await runCli(${JSON.stringify(argv)}, {
      stdout: (t) => out.push(t), stderr: (t) => out.push(t), env: {}, retry: { attempts: 1 },
    });
    process.stdout.write(JSON.stringify({ code, out: out.join('\\n'), peakMb: process.resourceUsage().maxRSS / 1024 }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '..'),
  });
  return JSON.parse(stdout);
}

describe('sizes are checked before reading', () => {
  it('refuses a 100 MB file without reading it: peak memory stays where a tiny folder puts it', {
    timeout: 60_000,
  }, async () => {
    const nowhere = ['--url', 'http://127.0.0.1:5352', '--room', 'r1', '--name', 'Big'];
    const small = await roomInChild(['propose', appDir({ 'src/App.tsx': APP }), ...nowhere]);
    const huge = await roomInChild(['propose', hugeDir(), ...nowhere]);
    // Reading either file whole would cost 100 MB or more.
    expect(huge.peakMb - small.peakMb, `peak ${huge.peakMb} MB vs ${small.peakMb} MB`).toBeLessThan(40);
    expect(huge.code, huge.out).toBe(3);
    expect(huge.out).toContain('room: skipped blob.bin (binary)');
    expect(huge.out).toContain(
      "REJECT (rule) too_large: Too large for a snippet ('data.ts' is 102400.0 KB, left unread)",
    );
  });

  it('repo push refuses the same folder against the repository limit', async () => {
    const r = await runRoom(['repo', 'push', hugeDir(), '--url', 'http://127.0.0.1:5352', '--json']);
    expect(r.code).toBe(3);
    expect(r.json().error).toMatchObject({
      code: 'too_large',
      message: expect.stringMatching(
        /^Too large for a repository version \('data\.ts' is 102400\.0 KB, left unread\)/,
      ),
      detail: { largest: { path: 'data.ts', bytes: 100 * MB } },
    });
  });

  it('stops walking once the bytes or the files are over the limits', async () => {
    const chunk = `// ${'x'.repeat(50 * 1024)}\n`;
    const bytes = await collectFiles(
      appDir({ 'a.ts': chunk, 'b.ts': chunk, 'c.ts': chunk, 'd.ts': chunk }),
      LIMITS,
    );
    expect(Object.keys(bytes.files)).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(bytes.tooLarge).toMatchObject({ code: 'too_large', detail: { stopped_at: 'c.ts' } });
    expect(bytes.tooLarge?.message).toMatch(/^Too large for a snippet \(more than 128\.0 KB in all\)/);

    const many = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`f${String(i).padStart(2, '0')}.ts`, 'x']),
    );
    const files = await collectFiles(appDir(many), LIMITS);
    expect(Object.keys(files.files)).toHaveLength(LIMITS.maxFiles + 1);
    expect(files.tooLarge?.message).toMatch(/^Too large for a snippet \(more than 12 files\)/);
    // The same folder fits a repository version.
    expect((await collectFiles(appDir(many), REPOSITORY_LIMITS)).tooLarge).toBeUndefined();
    // Project files (package.json, tsconfig.json, vite.config.ts, index.html, src/main.tsx) are not among the 12.
    const twelve = Object.fromEntries(Object.entries(many).slice(0, LIMITS.maxFiles));
    const project = {
      'package.json': '{}',
      'tsconfig.json': '{}',
      'vite.config.ts': '',
      'index.html': '',
      'src/main.tsx': '',
    };
    const vite = await collectFiles(appDir({ ...twelve, ...project }), LIMITS);
    expect(vite.tooLarge).toBeUndefined();
    expect(Object.keys(vite.files)).toHaveLength(LIMITS.maxFiles + 5);
  });

  it('reads a file at exactly the limit, and refuses one byte more', async () => {
    const at = 'x'.repeat(LIMITS.maxFileBytes);
    expect((await collectFiles(appDir({ 'a.ts': at }), LIMITS)).files['a.ts']).toBe(at);
    const over = await collectFiles(appDir({ 'a.ts': `${at}x` }), LIMITS);
    expect(over.files).toEqual({});
    expect(over.tooLarge?.detail).toMatchObject({
      largest: { path: 'a.ts', bytes: LIMITS.maxFileBytes + 1 },
    });
  });
});
