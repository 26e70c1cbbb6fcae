import { externalPackages } from '../../validation/bareImports.ts';
import { CodedError } from '../../validation/errorCodes.ts';
import { packageSpecProblem } from '../../validation/packageSpec.ts';
import type { NpmCache } from '../npm/NpmCache.ts';
import { type PinnedPackage, resolveTree } from '../npm/resolveTree.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from './bundlerImplicit.ts';

export { BUNDLER_IMPLICIT, REACT_VERSION };

// Build tools a package.json lists that the bundler skips itself (its create-react-app preset's list).
const BUNDLER_IGNORES = new Set([
  'react-scripts',
  'react-scripts-ts',
  'parcel-bundler',
  'web-vitals',
  'typescript',
]);

/** The ranges an app asks for: its package.json `dependencies`, else "latest" for each bare import. */
export function requestedRanges(files: Record<string, string>): Record<string, string> | null {
  const packages = externalPackages(files);
  if (packages.length === 0) return null;
  const declared = declaredDependencies(files);
  // No prototype: a package named `constructor` is a name like any other.
  const ranges: Record<string, string> = Object.create(null);
  for (const name of [...packages, ...Object.keys(declared)].sort())
    if (!BUNDLER_IGNORES.has(name))
      ranges[name] = Object.hasOwn(declared, name) ? (declared[name] as string) : 'latest';
  // Specs are data: a name or range that is a path, URL, git, alias or flag never reaches the registry.
  const refused = Object.entries(ranges).flatMap(([name, range]) => {
    const problem = packageSpecProblem(name, range);
    return problem ? [{ name, range, reason: problem }] : [];
  });
  if (refused.length > 0)
    throw new CodedError(
      'invalid_dependency',
      `Not an npm package spec: ${refused.map((r) => r.reason).join('; ')}`,
      { dependencies: refused },
    );
  // React comes pinned to the runtime's own version: a second React breaks hooks.
  ranges.react = REACT_VERSION;
  ranges['react-dom'] = REACT_VERSION;
  return ranges;
}

function declaredDependencies(files: Record<string, string>): Record<string, string> {
  const text = files['package.json'];
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CodedError('unresolved_dependency', 'package.json is not valid JSON', { file: 'package.json' });
  }
  const deps = (parsed as { dependencies?: unknown } | null)?.dependencies ?? {};
  if (typeof deps !== 'object' || deps === null || Object.values(deps).some((v) => typeof v !== 'string'))
    throw new CodedError(
      'unresolved_dependency',
      'package.json "dependencies" must map names to version ranges',
      { file: 'package.json' },
    );
  return deps as Record<string, string>;
}

/** What a Sandpack-fallback app runs with: its direct packages and the whole tree, pinned. */
export interface AppPackages {
  /** The app's own packages (and React) and the peers they require, exact versions. */
  dependencies: Record<string, string>;
  /** Every package that runs, direct first, each with its integrity hash and licence. */
  packages: PinnedPackage[];
}

/** What one app's whole pinned tree may unpack to in all (README, "Pre-bundled packages"). */
export const MAX_TREE_UNPACKED_BYTES = 128 * 1024 * 1024;

/**
 * Pins an app's whole package tree at proposal time (reading the registry is the only thing a
 * proposal causes), so the reviewer sees and approves exactly what will run; null on the Sucrase path.
 * Each package carries its unpacked size and its expected path; a tree past its limits is `too_large`.
 */
export async function pinDependencies(
  d: { npm?: NpmCache; packageBundles?: boolean },
  files: Record<string, string>,
): Promise<AppPackages | null> {
  const ranges = requestedRanges(files);
  if (!ranges) return null;
  const npm = d.npm;
  if (!npm) throw new CodedError('not_available', 'This server cannot resolve npm dependencies');
  const packages = await resolveTree(npm, [
    ...Object.entries(ranges).map(([name, range]) => ({ name, range, role: 'direct' as const })),
    ...Object.entries(BUNDLER_IMPLICIT).map(([name, range]) => ({ name, range, role: 'bundler' as const })),
  ]);
  await countSizes(npm, packages);
  refuseTooLarge(packages);
  if (d.packageBundles === false)
    for (const p of packages) {
      p.expected_path = 'sandpack';
      p.expected_note = 'Expected to run in Sandpack: this server builds no package bundles';
    }
  const dependencies: Record<string, string> = {};
  // What the bundler's sandbox lists: the app's own packages and the peers they require.
  for (const p of packages) if (p.role === 'direct' || p.role === 'peer') dependencies[p.name] = p.version;
  // The tarballs now, so the first preview finds them cached; a failure shows when the bundler asks.
  if (!npm.opts.offline)
    for (const p of packages) npm.ensureTarball(p.name, p.version, p.integrity).catch(() => undefined);
  return { dependencies: sortKeys(dependencies), packages };
}

// A registry that states no size (some mirrors drop `dist.unpackedSize`): the tarball's own count, a few at
// a time, stopping once the tree is over its limit (refused anyway: the rest are neither fetched nor counted).
async function countSizes(npm: NpmCache, packages: PinnedPackage[]): Promise<void> {
  let total = packages.reduce((n, p) => n + (p.unpacked_size ?? 0), 0);
  const unsized = packages.filter((p) => p.unpacked_size === null);
  const worker = async () => {
    for (let p = unsized.shift(); p && total <= MAX_TREE_UNPACKED_BYTES; p = unsized.shift()) {
      if (!npm.opts.offline) await npm.ensureTarball(p.name, p.version, p.integrity).catch(() => undefined);
      p.unpacked_size = await npm.unpackedSize(p.integrity);
      total += p.unpacked_size ?? 0;
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

function refuseTooLarge(packages: PinnedPackage[]): void {
  const total = packages.reduce((n, p) => n + (p.unpacked_size ?? 0), 0);
  if (total <= MAX_TREE_UNPACKED_BYTES) return;
  const largest = [...packages]
    .sort((a, b) => (b.unpacked_size ?? 0) - (a.unpacked_size ?? 0))
    .slice(0, 5)
    .map((p) => ({ name: p.name, version: p.version, unpacked_size: p.unpacked_size }));
  throw new CodedError(
    'too_large',
    `The app's packages unpack to ${mib(total)} in all, over the limit of ${mib(MAX_TREE_UNPACKED_BYTES)} for one app (largest: ${largest
      .slice(0, 3)
      .map((p) => `${p.name}@${p.version} ${mib(p.unpacked_size ?? 0)}`)
      .join(', ')})`,
    { unpacked_size: total, limit: MAX_TREE_UNPACKED_BYTES, largest },
  );
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}
