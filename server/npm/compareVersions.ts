/** Orders semver strings (`1.2.3`, `1.0.0-beta.2`): a release sorts after its prereleases. */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = splitVersion(a);
  const [coreB = '', preB] = splitVersion(b);
  const ca = coreA.split('.').map(Number);
  const cb = coreB.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (ca[i] ?? 0) - (cb[i] ?? 0);
    if (d !== 0) return d;
  }
  if (preA === undefined || preB === undefined) return preA === preB ? 0 : preA === undefined ? 1 : -1;
  const pa = preA.split('.');
  const pb = preB.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function splitVersion(v: string): [string, string | undefined] {
  const plain = v.split('+')[0] ?? v;
  const dash = plain.indexOf('-');
  return dash < 0 ? [plain, undefined] : [plain.slice(0, dash), plain.slice(dash + 1)];
}

/** The highest of some versions, or undefined for none. */
export function maxVersion(versions: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const v of versions) if (best === undefined || compareVersions(v, best) > 0) best = v;
  return best;
}
