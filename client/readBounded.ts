import fs from 'node:fs/promises';

export type BoundedRead =
  | { kind: 'text'; text: string }
  | { kind: 'binary' }
  | { kind: 'too_large'; bytes: number }
  | { kind: 'not_a_file' };

// Git's own test for binary: a NUL in the first 8000 bytes.
const SNIFF_BYTES = 8000;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Text if the bytes are valid UTF-8 without NUL, else undefined (binary). */
export function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

// The start of a longer file: a multi-byte character cut at the end is no sign of binary.
function looksBinary(head: Uint8Array): boolean {
  if (head.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return false;
  } catch {
    return true;
  }
}

async function readInto(handle: fs.FileHandle, buffer: Buffer): Promise<number> {
  let n = 0;
  while (n < buffer.length) {
    const { bytesRead } = await handle.read(buffer, n, buffer.length - n, n);
    if (bytesRead === 0) break;
    n += bytesRead;
  }
  return n;
}

/**
 * A file's text, reading at most `maxBytes` of it: the size is checked on the open file first, and a
 * larger file is only sniffed (its first 8000 bytes) to tell binary from too large. Symlinks are refused.
 */
export async function readBounded(file: string, maxBytes: number): Promise<BoundedRead> {
  const handle = await fs.open(
    file,
    fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK,
  );
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { kind: 'not_a_file' };
    if (stat.size > maxBytes) {
      const head = Buffer.alloc(Math.min(SNIFF_BYTES, maxBytes));
      const n = await readInto(handle, head);
      return looksBinary(head.subarray(0, n)) ? { kind: 'binary' } : { kind: 'too_large', bytes: stat.size };
    }
    // One byte more than the stat said: a file that grew since is caught, never read past the limit.
    const buffer = Buffer.alloc(stat.size + 1);
    const n = await readInto(handle, buffer);
    if (n > maxBytes) return { kind: 'too_large', bytes: n };
    if (n > stat.size) throw new Error(`${file} changed while it was read`);
    const text = asText(buffer.subarray(0, n));
    return text === undefined ? { kind: 'binary' } : { kind: 'text', text };
  } finally {
    await handle.close();
  }
}
