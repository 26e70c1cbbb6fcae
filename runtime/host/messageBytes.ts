/**
 * About how many bytes a received message holds, counted until past `limit` (then any number above it).
 * Structured clone already paid for the copy: this walk reads string lengths and buffer sizes only, never
 * stringifies, and visits each object once (a clone keeps cycles), without recursion (a clone keeps depth).
 */
export function messageBytes(data: unknown, limit: number): number {
  let bytes = 0;
  const seen = new Set<object>();
  const pending: unknown[] = [data];
  while (pending.length > 0 && bytes <= limit) {
    const x = pending.pop();
    if (typeof x === 'string') bytes += x.length;
    else if (typeof x !== 'object' || x === null) bytes += 8;
    else if (!seen.has(x)) {
      seen.add(x);
      bytes += 8 + objectBytes(x, pending, limit - bytes);
    }
  }
  return bytes;
}

/** The object's own size; what it contains goes on `pending` (an array's items until past `room`). */
function objectBytes(x: object, pending: unknown[], room: number): number {
  if (x instanceof ArrayBuffer) return x.byteLength;
  if (ArrayBuffer.isView(x)) return x.byteLength;
  if (typeof Blob !== 'undefined' && x instanceof Blob) return x.size;
  if (x instanceof Map) {
    for (const [key, value] of x) pending.push(key, value);
    return 0;
  }
  if (x instanceof Set) {
    for (const value of x) pending.push(value);
    return 0;
  }
  if (Array.isArray(x)) {
    // Each item costs at least 8: a sparse or huge array stops counting once past the limit.
    let i = 0;
    for (; i < x.length && i * 8 <= room; i++) pending.push(x[i]);
    return i * 8;
  }
  let keys = 0;
  for (const key of Object.keys(x)) {
    keys += key.length;
    pending.push((x as Record<string, unknown>)[key]);
  }
  return keys;
}
