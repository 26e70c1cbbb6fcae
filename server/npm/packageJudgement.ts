import type { RegistryManifest } from './RegistryClient.ts';

/**
 * Packages whose whole point is native code or Node's process model: a package that depends on one
 * cannot run in a browser bundle. Kept short and obvious; the build at approval catches the rest.
 */
export const NODE_ONLY_PACKAGES = new Set([
  'node-gyp',
  'node-gyp-build',
  'node-pre-gyp',
  '@mapbox/node-pre-gyp',
  'prebuild-install',
  'bindings',
  'nan',
  'node-addon-api',
  'fsevents',
]);

/** An unpacked size the server believes: a finite, non-negative integer of bytes, else null. */
export function unpackedSizeOf(m: RegistryManifest): number | null {
  const dist = m.dist as Record<string, unknown> | undefined;
  const size = typeof dist === 'object' && dist !== null ? dist.unpackedSize : undefined;
  return typeof size === 'number' && Number.isSafeInteger(size) && size >= 0 ? size : null;
}

/**
 * Why a version's own manifest says it cannot run in a browser bundle, or null: a native build
 * (`gypfile: true`, a `binary` download), an `os`/`cpu` restriction, `browser: false`, or a
 * dependency on a Node-only package. Static: read from data the proposal already has, nothing runs.
 * Values of the wrong type are not evidence either way and are ignored.
 */
export function nodeOnlyReason(m: RegistryManifest): string | null {
  if (m.gypfile === true) return 'it builds a native addon (gypfile)';
  if (typeof m.binary === 'object' && m.binary !== null && !Array.isArray(m.binary))
    return 'it downloads a native binary (binary)';
  for (const field of ['os', 'cpu'] as const) {
    const list = m[field];
    if (Array.isArray(list) && list.some((v) => typeof v === 'string' && v.length > 0))
      return `it runs only on some platforms (${field})`;
  }
  if (m.browser === false) return 'it says it does not run in a browser (browser: false)';
  const deps = m.dependencies;
  if (typeof deps === 'object' && deps !== null)
    for (const name of Object.keys(deps).sort())
      if (NODE_ONLY_PACKAGES.has(name)) return `it depends on ${name}, which is Node-only`;
  return null;
}
