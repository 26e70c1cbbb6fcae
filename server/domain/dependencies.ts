import { createRequire } from 'node:module';
import { externalPackages } from '../../validation/bareImports.ts';
import { CodedError } from '../../validation/errorCodes.ts';
import { type NpmCache, NpmCacheMiss } from '../npm/NpmCache.ts';

/** The React the Sucrase runtime ships; Sandpack apps get exactly this one too. */
export const REACT_VERSION = (createRequire(import.meta.url)('react/package.json') as { version: string })
  .version;

/**
 * What the bundler installs for every react-ts sandbox whatever the app asks (its create-react-app
 * preset's `processDependencies`, in sandpack/static/js/sandbox.*.js, and its requests).
 */
export const BUNDLER_IMPLICIT: Record<string, string> = {
  'node-libs-browser': '2.2.1',
  'babel-runtime': '6.26.0',
  'react-refresh': '0.9.0',
  '@babel/core': '^7.3.3',
  '@babel/runtime': '^7.3.4',
};

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
  const ranges: Record<string, string> = {};
  for (const name of [...packages, ...Object.keys(declared)].sort())
    if (!BUNDLER_IGNORES.has(name)) ranges[name] = declared[name] ?? 'latest';
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
      {
        file: 'package.json',
      },
    );
  return deps as Record<string, string>;
}

/**
 * Turns an app's dependencies into exact versions at proposal time, so the reviewer sees and approves
 * exactly what will run; null when the app needs no npm package (the Sucrase path).
 */
export async function pinDependencies(
  npm: NpmCache | undefined,
  files: Record<string, string>,
): Promise<Record<string, string> | null> {
  const ranges = requestedRanges(files);
  if (!ranges) return null;
  if (!npm) throw new CodedError('not_available', 'This server cannot resolve npm dependencies');
  const failed: { name: string; range: string; reason: string }[] = [];
  const pinned: Record<string, string> = {};
  let wanted = Object.entries(ranges);
  // The bundler installs no peer dependencies itself (use-immer needs immer): they are pinned too.
  while (wanted.length > 0) {
    await Promise.all(
      wanted.map(async ([name, range]) => {
        try {
          pinned[name] = await npm.resolve(name, range);
        } catch (err) {
          if (!(err instanceof NpmCacheMiss)) throw err;
          failed.push({ name, range, reason: err.message });
        }
      }),
    );
    const next = new Map<string, string>();
    for (const [name] of wanted) {
      const m = pinned[name] ? npm.manifest(name, pinned[name]) : undefined;
      const optional = m?.peerDependenciesMeta ?? {};
      for (const [peer, range] of Object.entries(m?.peerDependencies ?? {}))
        if (!(peer in pinned) && !optional[peer]?.optional && !failed.some((f) => f.name === peer))
          next.set(peer, range);
    }
    wanted = [...next];
  }
  if (failed.length > 0)
    throw new CodedError(
      'unresolved_dependency',
      `Cannot resolve ${failed.map((f) => `${f.name}@${f.range}`).join(', ')}: ${failed[0]?.reason}`,
      { dependencies: failed },
    );
  const sorted = Object.fromEntries(Object.entries(pinned).sort(([a], [b]) => (a < b ? -1 : 1)));
  // Fill the rest of the install (transitive packages, tarballs) now, so the first preview finds it cached.
  warmInstall(npm, sorted);
  return sorted;
}

function warmInstall(npm: NpmCache, pinned: Record<string, string>): void {
  if (npm.opts.offline) return;
  for (const [name, version] of Object.entries({ ...BUNDLER_IMPLICIT, ...pinned }))
    npm.fill(name, version).catch(() => {
      // The registry route reports a missing package when the bundler asks for it.
    });
}
