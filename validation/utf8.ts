const encoder = new TextEncoder();

/** Bytes of `text` as UTF-8 (TextEncoder, so it runs in Node and browsers alike). */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** Orders strings by their UTF-8 bytes (not UTF-16 code units, which sort astral characters early). */
export function compareUtf8(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Lowercase hex of bytes. */
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = '';
  for (const b of view) out += b.toString(16).padStart(2, '0');
  return out;
}

/** SHA-256 of the UTF-8 of `text`, hex, through Web Crypto (Node 20 and browsers). */
export async function sha256Utf8Hex(text: string): Promise<string> {
  return toHex(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}
