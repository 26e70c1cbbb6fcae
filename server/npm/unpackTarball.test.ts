import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { packageEntries, packTarball, type TarEntry } from '../../test-support/packTarball.ts';
import { tarballUnpackedSize } from './tarballSize.ts';
import { UNPACK_LIMITS, UnsafeTarball, unpackTarball } from './unpackTarball.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function unpack(entries: TarEntry[] | Buffer, limits = UNPACK_LIMITS) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unpack-'));
  dirs.push(dir);
  const tgz = path.join(dir, 'p.tgz');
  fs.writeFileSync(tgz, Buffer.isBuffer(entries) ? entries : await packTarball(entries));
  const dest = path.join(dir, 'out');
  const result = await unpackTarball(tgz, dest, limits);
  return { dir, dest, result };
}

describe('unpackTarball', () => {
  it('unpacks a package under its folder, dropping the package/ prefix, nothing executable', async () => {
    const { dest, result } = await unpack([
      ...packageEntries({ 'package.json': '{"name":"a"}', 'lib/index.js': 'module.exports = 1' }),
      { header: { name: 'package/bin/run.js', mode: 0o755, size: 0 } },
    ]);
    expect(fs.readFileSync(path.join(dest, 'lib/index.js'), 'utf8')).toBe('module.exports = 1');
    expect(fs.statSync(path.join(dest, 'bin/run.js')).mode & 0o111).toBe(0);
    expect(result.files).toBe(3);
  });

  it.each([
    'package/../../escaped.js',
    '../escaped.js',
    '/etc/escaped.js',
    'package/a/../../../escaped.js',
    'package\\..\\..\\escaped.js',
  ])('refuses the path %s', async (name) => {
    const attempt = unpack([{ name, text: 'x' }]);
    await expect(attempt).rejects.toBeInstanceOf(UnsafeTarball);
    await expect(attempt).rejects.toThrow('outside the package folder');
  });

  it('refuses symbolic links, hard links and devices', async () => {
    for (const header of [
      { name: 'package/link', type: 'symlink' as const, linkname: '/etc/passwd' },
      { name: 'package/hard', type: 'link' as const, linkname: 'package/index.js' },
      { name: 'package/dev', type: 'character-device' as const },
    ]) {
      await expect(unpack([{ header }])).rejects.toThrow(`a ${header.type} entry`);
    }
  });

  it('writes nothing outside the folder when a link precedes a file through it', async () => {
    const attempt = unpack([
      { header: { name: 'package/out', type: 'symlink', linkname: '..' } },
      { name: 'package/out/escaped.js', text: 'x' },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(UnsafeTarball);
  });

  it('stops at the entry count, the file size and the total size', async () => {
    const limits = { maxEntries: 3, maxFileBytes: 100, maxTotalBytes: 150 };
    await expect(unpack(packageEntries({ a: '1', b: '2', c: '3', d: '4' }), limits)).rejects.toThrow(
      'more than 3 entries',
    );
    await expect(unpack(packageEntries({ a: 'x'.repeat(101) }), limits)).rejects.toThrow('larger than');
    await expect(unpack(packageEntries({ a: 'x'.repeat(80), b: 'y'.repeat(80) }), limits)).rejects.toThrow(
      'more than its limit',
    );
  });

  it('counts every folder an entry makes as an entry, and refuses a path more than 32 folders deep', async () => {
    // One deep folder entry made 120 folders: 20,000 of them (115 KB of tarball) made millions.
    const deep = (i: number) => ({ header: { name: `package/${i}/${'a/'.repeat(30)}`, type: 'directory' } });
    const limits = { maxEntries: 100, maxFileBytes: 100, maxTotalBytes: 150 };
    await expect(unpack([deep(0), deep(1), deep(2), deep(3)] as TarEntry[], limits)).rejects.toThrow(
      'more than 100 entries (files and folders)',
    );
    const files = packageEntries({ [`${'b/'.repeat(20)}x.js`]: '1', [`${'c/'.repeat(20)}y.js`]: '2' });
    await expect(unpack(files, { ...limits, maxEntries: 41 })).rejects.toThrow('more than 41 entries');
    await expect(unpack(files, { ...limits, maxEntries: 42 })).resolves.toMatchObject({
      result: { files: 2, entries: 42 },
    });
    const tooDeep = packageEntries({ [`${'d/'.repeat(33)}z.js`]: '1' });
    await expect(unpack(tooDeep)).rejects.toThrow('more than 32 folders deep');
    await expect(unpack(packageEntries({ [`${'d/'.repeat(32)}z.js`]: '1' }))).resolves.toBeTruthy();
    await expect(
      unpack([{ header: { name: `package/${'e/'.repeat(33)}`, type: 'directory' } }] as TarEntry[]),
    ).rejects.toThrow('more than 32 folders deep');
  });

  it('stops a gzip bomb without inflating it all', { timeout: 30_000 }, async () => {
    // 64 MiB of non-tar bytes compress to ~64 KiB: the inflate bound trips long before memory does.
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 'a'));
    const limits = { maxEntries: 10, maxFileBytes: 1024, maxTotalBytes: 1024 };
    await expect(unpack(bomb, limits)).rejects.toThrow();
    // A real file of 4 MiB of zeros: its size is counted as it arrives, whatever the header says.
    const big = await packTarball(packageEntries({ a: '\0'.repeat(4 * 1024 * 1024) }));
    await expect(unpack(big, { ...limits, maxFileBytes: 1e9 })).rejects.toThrow('more than its limit');
  });

  it('refuses a tarball of mostly headers (a pax record tar-stream would hold whole), unpacking or counting', async () => {
    // 8 MiB of pax comment on a 2-byte file: 8 KB of gzip, 2 bytes of files.
    const paxBomb = await packTarball([
      { header: { name: 'package/index.js', pax: { comment: 'x'.repeat(8 * 1024 * 1024) } } as never },
    ]);
    await expect(unpack(paxBomb)).rejects.toThrow('more tar headers than files');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unpack-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'p.tgz'), paxBomb);
    // Counted at proposal time as too large (cap + 1), never as the 0 bytes of its files.
    expect(await tarballUnpackedSize(path.join(dir, 'p.tgz'), 1000)).toBe(1001);
    // A normal package with long names still counts and unpacks.
    const long = packageEntries({ [`${'d'.repeat(120)}/${'f'.repeat(120)}.js`]: 'x' });
    await expect(unpack(long)).resolves.toMatchObject({ result: { files: 1 } });
  });

  // Each once raised inside tar-stream's synchronous entry event: an uncaught exception, the server gone.
  const dirEntry = (name: string): TarEntry => ({ header: { name, type: 'directory' } });
  it.each([
    ['a name too long for a folder, first', [dirEntry('package/'), dirEntry(`package/${'a'.repeat(300)}`)]],
    [
      'a name too long for a folder, after another folder',
      [dirEntry('package/'), dirEntry('package/lib/'), dirEntry(`package/lib/${'a'.repeat(300)}/`)],
    ],
    ['a folder where a file was', [{ name: 'package/index.js', text: 'x' }, dirEntry('package/index.js/')]],
    ['a folder under a file', [{ name: 'package/index.js', text: 'x' }, dirEntry('package/index.js/sub/')]],
    ['a path past the system limit', [dirEntry(`package/${`${'d'.repeat(200)}/`.repeat(25)}`)]],
  ] as [string, TarEntry[]][])('refuses %s with a message naming no server path', async (_, entries) => {
    const attempt = unpack(entries);
    await expect(attempt).rejects.toBeInstanceOf(UnsafeTarball);
    const message = await attempt.catch((err: Error) => err.message);
    expect(message).toMatch(
      /^package\/.*: (cannot be unpacked on this server \(E[A-Z]+\)|names a file too)$/,
    );
    expect(message).not.toContain(os.tmpdir());
  });

  it('refuses a code file nested past 1,000 brackets, before anything parses it', async () => {
    const deep = `export default ${'['.repeat(1001)}${']'.repeat(1001)};`;
    await expect(unpack(packageEntries({ 'index.js': deep }))).rejects.toThrow(
      'index.js: nests brackets more than 1000 deep',
    );
    // At the bound, and in an image (never parsed), it unpacks.
    const edge = `export default ${'{'.repeat(1000)}${'}'.repeat(1000)};`;
    await expect(
      unpack(packageEntries({ 'index.js': edge, 'a.png': '('.repeat(5000) })),
    ).resolves.toBeTruthy();
  });

  it.each([
    { main: '../../../etc/passwd' },
    { module: '/etc/passwd' },
    { browser: { './a.js': '../../x.js' } },
    { exports: { '.': { browser: './../../x.js' } } },
    { imports: { '#x': '../x.js' } },
  ])('refuses a manifest pointing outside its package: %j', async (fields) => {
    const manifest = JSON.stringify({ name: 'p', version: '1.0.0', ...fields });
    await expect(unpack(packageEntries({ 'package.json': manifest }))).rejects.toThrow(
      /package\.json: its "(main|module|browser|exports|imports)" names a path outside the package/,
    );
  });
});
