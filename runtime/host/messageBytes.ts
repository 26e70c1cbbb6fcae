/**
 * About how many bytes a received message holds, counted until past `limit` (then any number above it).
 * Structured clone already paid for the copy: this walk reads string lengths and buffer sizes only, never
 * stringifies, and visits each object once (a clone keeps cycles), without recursion (a clone keeps depth).
 * Only what the protocol sends is sized: plain objects, arrays, strings, numbers, booleans, null, buffers,
 * their views and Blobs. Anything else (a String wrapper, an Error, a Map, a BigInt…) counts as infinitely
 * large: its real size cannot be read cheaply, and a frame that sends one is not the launcher's runtime.
 */
export function messageBytes(data: unknown, limit: number): number {
  let bytes = 0;
  const seen = new Set<object>();
  const pending: unknown[] = [data];
  while (pending.length > 0 && bytes <= limit) {
    const x = pending.pop();
    if (typeof x === 'string') bytes += x.length;
    else if (typeof x === 'number' || typeof x === 'boolean' || x === null || x === undefined) bytes += 8;
    else if (typeof x !== 'object') return Number.POSITIVE_INFINITY;
    else if (!seen.has(x)) {
      seen.add(x);
      bytes += 8 + objectBytes(x, pending, limit - bytes, seen);
    }
  }
  return bytes;
}

/** The object's own size; what it contains goes on `pending`, until past `room`. */
function objectBytes(x: object, pending: unknown[], room: number, seen: Set<object>): number {
  if (x instanceof ArrayBuffer) return x.byteLength;
  if (ArrayBuffer.isView(x)) {
    // The clone copies the whole buffer under a view, not only the bytes it shows.
    if (!(x.buffer instanceof ArrayBuffer)) return Number.POSITIVE_INFINITY;
    if (seen.has(x.buffer)) return 0;
    seen.add(x.buffer);
    return x.buffer.byteLength;
  }
  if (typeof Blob !== 'undefined' && x instanceof Blob) return x.size;
  const proto = Object.getPrototypeOf(x);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) {
    return Number.POSITIVE_INFINITY;
  }
  // Any array costs 8 per index, holes too: the launcher never sends a sparse one.
  let bytes = Array.isArray(x) ? x.length * 8 : 0;
  // for…in stops once past `room` (V8 still lists an object's keys first, at a fraction of the clone's cost).
  for (const key in x) {
    if (bytes > room) break;
    bytes += key.length + 8;
    pending.push((x as Record<string, unknown>)[key]);
  }
  return bytes;
}
