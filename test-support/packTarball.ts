import zlib from 'node:zlib';
import tar from 'tar-stream';

/** One tar entry a test writes: a file with its text, or any other header (links, devices, odd paths). */
export type TarEntry = { name: string; text: string } | { header: tar.Headers };

/** A gzip'd tar of these entries, in order, as npm tarballs are laid out (tests and the test registry). */
export async function packTarball(entries: TarEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) {
    if ('text' in e) pack.entry({ name: e.name }, e.text);
    else pack.entry(e.header, '');
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return zlib.gzipSync(Buffer.concat(chunks));
}

/** A package's files as tar entries under `package/`. */
export function packageEntries(files: Record<string, string>): TarEntry[] {
  return Object.entries(files).map(([name, text]) => ({ name: `package/${name}`, text }));
}
