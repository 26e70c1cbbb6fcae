import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { tooMuchHeader } from './unpackTarball.ts';

/**
 * The bytes a cached npm tarball's files unpack to, counted from what arrives (nothing is written),
 * for a registry that states no `dist.unpackedSize`. Stops once past `cap` (or on a tarball of mostly
 * headers, which tar-stream would buffer) and answers `cap + 1`;
 * null when the tarball cannot be read.
 */
export async function tarballUnpackedSize(tgz: string, cap: number): Promise<number | null> {
  let bytes = 0;
  let entries = 0;
  let headers = false;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    entries += 1;
    stream.on('data', (chunk: Buffer) => {
      if (header.type === 'file') bytes += chunk.length;
      if (bytes > cap) extract.destroy(new Error('over'));
    });
    stream.on('end', () => next());
    stream.resume();
  });
  // Inflating far past the cap is a gzip bomb whatever the tar says.
  let inflated = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _enc, done) {
      inflated += chunk.length;
      headers = tooMuchHeader(inflated, bytes, entries);
      if (headers || inflated > cap + 64 * 1024 * 1024) done(new Error('over'));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(fs.createReadStream(tgz), zlib.createGunzip(), bounded, extract);
    return bytes;
  } catch {
    return bytes > cap || headers || inflated > cap + 64 * 1024 * 1024 ? cap + 1 : null;
  }
}
