import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Random lowercase base32 id with a prefix letter, so it is always a valid DNS label. */
export function newId(prefix: string, bytes = 10): string {
  const buf = randomBytes(bytes);
  let out = prefix;
  for (const b of buf) out += ALPHABET[b & 31];
  return out;
}

/** A secret a person can paste: 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The content sha256 of a file map: JSON of [path, text] pairs sorted by path in UTF-8 byte order. */
export function contentSha256(files: Record<string, string>): string {
  const entries = Object.entries(files).sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return sha256Hex(JSON.stringify(entries));
}
