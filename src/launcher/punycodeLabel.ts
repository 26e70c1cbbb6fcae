// RFC 3492 parameters: what `xn--` labels of a host are encoded with.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

const digit = (c: number): number =>
  c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : BASE;

/** One host label in Unicode: an `xn--` label decoded (RFC 3492), any other as it is; undefined if malformed. */
export function punycodeLabel(label: string): string | undefined {
  if (!label.toLowerCase().startsWith('xn--')) return label;
  const input = label.slice(4);
  const end = input.lastIndexOf('-');
  const out = end > 0 ? [...input.slice(0, end)].map((c) => c.codePointAt(0) ?? 0) : [];
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let pos = end > 0 ? end + 1 : 0; pos < input.length; ) {
    const old = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const d = digit(input.charCodeAt(pos++));
      if (d >= BASE) return undefined;
      i += d * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (d < t) break;
      w *= BASE - t;
      if (i > 0x10ffff * 64) return undefined;
    }
    bias = adapt(i - old, out.length + 1, old === 0);
    n += Math.floor(i / (out.length + 1));
    i %= out.length + 1;
    if (n > 0x10ffff) return undefined;
    out.splice(i++, 0, n);
  }
  return String.fromCodePoint(...out);
}
