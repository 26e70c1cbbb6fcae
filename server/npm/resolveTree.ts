import { CodedError } from '../../validation/errorCodes.ts';
import { packageSpecProblem } from '../../validation/packageSpec.ts';
import type { PinnedPackage } from '../../validation/views.ts';
import { type Manifest, type NpmCache, NpmCacheMiss } from './NpmCache.ts';
import { nodeOnlyReason, unpackedSizeOf } from './packageJudgement.ts';

export type { PinnedPackage };

export interface TreeRoot {
  name: string;
  range: string;
  role: 'direct' | 'bundler';
}

/** Packages in one app's tree at most: past it the proposal is refused, not resolved forever. */
export const MAX_TREE_PACKAGES = 2000;

/**
 * Resolves every package the roots need (dependencies and required peers, transitively) to exact
 * versions with integrity hashes. Every spec, the app's and each manifest's, passes the allowlist
 * first; an `npm:` alias inside a manifest resolves to its registry target and is recorded as such.
 */
export async function resolveTree(npm: NpmCache, roots: TreeRoot[]): Promise<PinnedPackage[]> {
  const pinned = new Map<string, PinnedPackage>();
  const picks = new Map<string, Promise<Manifest>>();
  const failed: { name: string; range: string; reason: string }[] = [];
  // For the static judgement: what each `name@range` resolved to, and what each version needs.
  const resolved = new Map<string, string>();
  const needs = new Map<string, string[]>();
  const ownReason = new Map<string, string | null>();
  const pick = (name: string, range: string) => {
    const key = `${name}@${range}`;
    const job = picks.get(key) ?? npm.pick(name, range);
    picks.set(key, job);
    return job;
  };
  let wanted: { name: string; range: string; role: PinnedPackage['role'] }[] = roots;
  while (wanted.length > 0) {
    // Checked before a level is fetched: a package listing thousands of dependencies reads none of them.
    if (pinned.size + new Set(wanted.map((w) => `${w.name}@${w.range}`)).size > MAX_TREE_PACKAGES)
      throw new CodedError(
        'too_large',
        `The app's packages need more than ${MAX_TREE_PACKAGES} packages in all, the limit for one app`,
        { limit: MAX_TREE_PACKAGES },
      );
    const next: typeof wanted = [];
    await Promise.all(
      wanted.map(async ({ name, range, role }) => {
        let m: Manifest;
        try {
          m = await pick(name, range);
        } catch (err) {
          if (!(err instanceof NpmCacheMiss)) throw err;
          failed.push({ name, range, reason: err.message });
          return;
        }
        const id = `${m.name}@${m.version}`;
        resolved.set(`${name}@${range}`, id);
        const known = pinned.get(id);
        if (known) {
          if (rank(role) < rank(known.role)) known.role = role;
          return;
        }
        pinned.set(id, {
          name: m.name,
          version: m.version,
          integrity: m.dist.integrity,
          license: licenseOf(m.license),
          role,
          unpacked_size: unpackedSizeOf(m),
          expected_path: null,
          expected_note: null,
        });
        ownReason.set(id, nodeOnlyReason(m));
        const children: string[] = [];
        needs.set(id, children);
        // Peers of the app's own packages go into its sandbox's list; deeper ones the bundler handles.
        const appLevel = role === 'direct' || role === 'peer';
        for (const [dep, depRange, peer] of edges(m)) {
          const t = target(id, dep, depRange);
          children.push(`${t.name}@${t.range}`);
          next.push({ ...t, role: peer && appLevel ? 'peer' : 'dependency' });
        }
      }),
    );
    // One level's failures are enough to refuse: nothing deeper is read.
    if (failed.length > 0) break;
    wanted = next;
  }
  if (failed.length > 0)
    throw new CodedError(
      'unresolved_dependency',
      `Cannot resolve ${failed
        .slice(0, 10)
        .map((f) => `${f.name}@${f.range}`)
        .join(', ')}${failed.length > 10 ? ` and ${failed.length - 10} more` : ''}: ${failed[0]?.reason}`,
      { dependencies: failed.slice(0, 100) },
    );
  judge(pinned, (id) => (needs.get(id) ?? []).flatMap((k) => resolved.get(k) ?? []), ownReason);
  return [...pinned.values()].sort(
    (a, b) => rank(a.role) - rank(b.role) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/**
 * Each version's expected path: 'sandpack' when it, or anything it needs, is Node-only by its manifest
 * (the note names the package and why), else 'bundle'. Cycles are fine: a version counts once.
 */
function judge(
  pinned: Map<string, PinnedPackage>,
  children: (id: string) => string[],
  ownReason: Map<string, string | null>,
): void {
  // Walked backwards from each Node-only version to whatever needs it: linear, and cycles end.
  const parents = new Map<string, string[]>();
  for (const id of pinned.keys())
    for (const child of children(id)) {
      const list = parents.get(child);
      if (list) list.push(id);
      else parents.set(child, [id]);
    }
  const reason = new Map<string, string>();
  const queue: string[] = [];
  for (const [id, own] of ownReason)
    if (own) {
      reason.set(id, `${id}: ${own}`);
      queue.push(id);
    }
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i] as string;
    for (const parent of parents.get(id) ?? [])
      if (!reason.has(parent)) {
        reason.set(parent, reason.get(id) as string);
        queue.push(parent);
      }
  }
  for (const [id, p] of pinned) {
    const why = reason.get(id);
    p.expected_path = why ? 'sandpack' : 'bundle';
    p.expected_note = why ? `Expected to run in Sandpack: ${why.slice(0, 300)}` : null;
  }
}

const RANK: Record<PinnedPackage['role'], number> = { direct: 0, peer: 1, bundler: 2, dependency: 3 };

function rank(role: PinnedPackage['role']): number {
  return RANK[role];
}

// What installing a version pulls in: dependencies and the peers it requires (the bundler installs none).
function edges(m: Manifest): [string, string, boolean][] {
  const optional = m.peerDependenciesMeta ?? {};
  const peers = Object.entries(m.peerDependencies ?? {}).filter(([p]) => !optional[p]?.optional);
  return [
    ...Object.entries(m.dependencies ?? {}).map(([n, r]) => [n, r, false] as [string, unknown, boolean]),
    ...peers.map(([n, r]) => [n, r, true] as [string, unknown, boolean]),
  ].filter((e): e is [string, string, boolean] => typeof e[1] === 'string');
}

/** The registry package a manifest's entry names, or a refusal naming the entry and who asked. */
function target(parent: string, dep: string, range: string): { name: string; range: string } {
  const alias = /^npm:((?:@[^@/]+\/)?[^@/]+)(?:@(.*))?$/i.exec(range);
  const name = alias ? (alias[1] ?? '') : dep;
  const wanted = alias ? (alias[2] ?? 'latest') : range;
  const problem = packageSpecProblem(name, wanted) ?? (alias ? packageSpecProblem(dep, '*') : undefined);
  if (problem)
    throw new CodedError('invalid_dependency', `${parent} depends on ${problem}`, {
      package: parent,
      dependency: dep,
    });
  return { name, range: wanted };
}

function licenseOf(license: unknown): string {
  if (typeof license === 'string' && license.trim()) return license.trim().slice(0, 100);
  const type = (license as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.trim() ? type.trim().slice(0, 100) : 'UNKNOWN';
}
