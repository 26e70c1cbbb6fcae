import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { manifestEscapes } from './manifestEscapes.ts';
import { MAX_NESTING, nestsPast } from './nestingDepth.ts';

/** How much one package's tarball may unpack to; past any of them the package is refused whole. */
export interface UnpackLimits {
  maxEntries: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/** Folders deep a path in a package may go (the deepest of this repository's 296 packages goes 8: better-sqlite3's build files). */
export const MAX_DEPTH = 32;

export const UNPACK_LIMITS: UnpackLimits = {
  maxEntries: 20_000,
  maxFileBytes: 16 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
};

/**
 * Tar bytes that are no file's data (headers, padding, pax and long-name records) past a few KiB an entry:
 * tar-stream holds a pax or long-name record whole in memory, so a 150 MiB one in a 150 KB tarball would.
 */
export function tooMuchHeader(inflated: number, fileBytes: number, entries: number): boolean {
  return inflated - fileBytes > 4 * 1024 * 1024 + (entries + 1) * 1536;
}

/** A tarball this server will not unpack: a path outside its folder, a link, a device or too much data. */
export class UnsafeTarball extends Error {
  override readonly name = 'UnsafeTarball';
}

type Headers = tar.Headers;
type EntryHandler = (
  header: Headers,
  stream: NodeJS.ReadableStream,
  next: () => void,
  /** A message: the tarball is unsafe (UnsafeTarball); an Error (the disk's): passed on as it is. */
  fail: (reason: string | Error) => void,
) => void;

/**
 * Streams a gzip'd tar's entries to `onEntry`, nothing written. Fails with UnsafeTarball when it inflates
 * past `maxInflated` (a gzip bomb) or is mostly headers (tar-stream would hold them in memory), or when
 * `onEntry` calls `fail`.
 */
export async function readTarball(tgz: string, maxInflated: number, onEntry: EntryHandler): Promise<void> {
  let entries = 0;
  let fileBytes = 0;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    entries += 1;
    if (header.type === 'file') stream.on('data', (chunk: Buffer) => (fileBytes += chunk.length));
    const fail = (reason: string | Error) => {
      stream.resume();
      extract.destroy(typeof reason === 'string' ? new UnsafeTarball(reason) : reason);
    };
    // tar-stream calls this synchronously from its own stream: anything thrown here would be uncaught.
    try {
      onEntry(header, stream, next, fail);
    } catch (err) {
      fail(err as Error);
    }
  });
  let inflated = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _enc, done) {
      inflated += chunk.length;
      if (inflated > maxInflated) done(new UnsafeTarball('the package unpacks to more than its limit'));
      else if (tooMuchHeader(inflated, fileBytes, entries))
        done(new UnsafeTarball('the package holds more tar headers than files'));
      else done(null, chunk);
    },
  });
  await pipeline(fs.createReadStream(tgz), zlib.createGunzip(), bounded, extract);
}

/**
 * Unpacks an npm tarball (gzip'd tar, files under `package/`) into `dest`: regular files and folders
 * only, never outside `dest`, never executable, within `limits`. Nothing in it runs.
 */
export async function unpackTarball(
  tgz: string,
  dest: string,
  limits: UnpackLimits = UNPACK_LIMITS,
): Promise<{ files: number; entries: number; bytes: number }> {
  const root = path.resolve(dest);
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  let files = 0;
  let entries = 0;
  let bytes = 0;
  // Tar framing adds little to the files: inflating much past their limit is a gzip bomb.
  const maxInflated = limits.maxTotalBytes + 64 * 1024 + limits.maxEntries * 1024;
  // Every folder made counts as an entry: one entry 'a/a/…/' would make 120 (a 115 KB tarball, a million).
  const made = new Set<string>([root]);
  const tooMany = () => `more than ${limits.maxEntries} entries (files and folders)`;
  await readTarball(tgz, maxInflated, (header, stream, next, fail) => {
    if (++entries > limits.maxEntries) return fail(tooMany());
    // pax and GNU long-name headers are folded into the next header by tar-stream; the rest are refused.
    if (header.type !== 'file' && header.type !== 'directory')
      return fail(`${header.name}: a ${header.type} entry (only files and folders are unpacked)`);
    const target = targetPath(root, header.name);
    if (!target) return fail(`${JSON.stringify(header.name)}: a path outside the package folder`);
    const folders = foldersOf(root, header.type === 'directory' ? target : path.dirname(target));
    if (folders.length > MAX_DEPTH) return fail(`${shown(header.name)}: more than ${MAX_DEPTH} folders deep`);
    for (const f of folders) {
      if (made.has(f)) continue;
      made.add(f);
      // The entry's own folder was counted as the entry.
      if (f !== target) entries += 1;
    }
    if (entries > limits.maxEntries) return fail(tooMany());
    if (header.type === 'directory') {
      try {
        if (fs.existsSync(target) && !fs.lstatSync(target).isDirectory())
          return fail(`${shown(header.name)}: names a file too`);
        if (target !== root) fs.mkdirSync(target, { recursive: true, mode: 0o700 });
      } catch (err) {
        return fail(diskRefusal(header.name, err));
      }
      stream.resume();
      stream.on('end', () => next());
      return;
    }
    if ((header.size ?? 0) > limits.maxFileBytes) return fail(`${header.name}: larger than its limit`);
    files += 1;
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      bytes += chunk.length;
      // Headers can lie about sizes: count what actually arrives.
      if (size > limits.maxFileBytes) fail(`${header.name}: larger than its limit`);
      else if (bytes > limits.maxTotalBytes) fail(`the package unpacks to more than its limit`);
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      try {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        // A file replaced by a folder (or a folder by a file) would be a second path to the same name.
        if (fs.existsSync(target) && !fs.lstatSync(target).isFile())
          return fail(`${shown(header.name)}: names a folder too`);
        const data = Buffer.concat(chunks);
        // Refused before esbuild parses it: a million nested brackets overflow its parser's stack.
        if (PARSED.test(target) && nestsPast(data))
          return fail(`${shown(header.name)}: nests brackets more than ${MAX_NESTING} deep`);
        fs.writeFileSync(target, data, { mode: 0o600 });
        next();
      } catch (err) {
        fail(diskRefusal(header.name, err));
      }
    });
  });
  const outside = manifestEscapes(readManifest(path.join(root, 'package.json')));
  if (outside) throw new UnsafeTarball(`package.json: its "${outside}" names a path outside the package`);
  return { files, entries, bytes };
}

/** The files esbuild parses as code, JSON or CSS (images and fonts are only copied into the bundle). */
const PARSED = /\.([cm]?[jt]sx?|json|css)$/i;

function readManifest(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** An entry's name as a message shows it: long names (a refusal's usual cause) cut short. */
function shown(name: string): string {
  return name.length > 80 ? `${name.slice(0, 60)}…(${name.length} characters)` : name;
}

/** The file system's refusal of an entry, by its code: its message would name this server's scratch path. */
function diskRefusal(name: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? 'an error';
  return `${shown(name)}: cannot be unpacked on this server (${code})`;
}

/** The folders from `root` (excluded) down to `folder` (included). */
function foldersOf(root: string, folder: string): string[] {
  const parts = path.relative(root, folder).split(path.sep).filter(Boolean);
  return parts.map((_, i) => path.join(root, ...parts.slice(0, i + 1)));
}

/** Where an entry goes: its first segment (`package/`) dropped, or undefined when it would leave `root`. */
function targetPath(root: string, name: string): string | undefined {
  if (name.includes('\0') || name.includes('\\') || name.startsWith('/')) return undefined;
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..' || /^[a-zA-Z]:/.test(p))) return undefined;
  const inside = path.resolve(root, ...parts.slice(1));
  return inside === root || inside.startsWith(root + path.sep) ? inside : undefined;
}
