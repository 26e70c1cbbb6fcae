import { readTarball, UnsafeTarball } from './unpackTarball.ts';

/**
 * The bytes a cached npm tarball's files unpack to, counted from what arrives (nothing is written),
 * for a registry that states no `dist.unpackedSize`. Stops once past `cap` (or on a gzip bomb or a
 * tarball of mostly headers) and answers `cap + 1`; null when the tarball cannot be read.
 */
export async function tarballUnpackedSize(tgz: string, cap: number): Promise<number | null> {
  let bytes = 0;
  try {
    // Inflating far past the cap is a gzip bomb whatever the tar says.
    await readTarball(tgz, cap + 64 * 1024 * 1024, (header, stream, next, fail) => {
      stream.on('data', (chunk: Buffer) => {
        if (header.type === 'file') bytes += chunk.length;
        if (bytes > cap) fail('over its cap');
      });
      stream.on('end', () => next());
      stream.resume();
    });
    return bytes;
  } catch (err) {
    return err instanceof UnsafeTarball ? cap + 1 : null;
  }
}
