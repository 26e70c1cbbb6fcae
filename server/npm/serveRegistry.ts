import type { IncomingMessage, ServerResponse } from 'node:http';
import semver from 'semver';
import { sendFile } from '../http/staticFile.ts';
import type { Store } from '../store/Store.ts';
import { type NpmCache, NpmCacheMiss } from './NpmCache.ts';
import type { RegistryCapabilities } from './registryCapability.ts';
import type { PinnedPackage } from './resolveTree.ts';

export const REGISTRY_PATH = '/npm/';

// The bundler sends Content-Type on every GET, so each request is preflighted.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '600',
  'cross-origin-resource-policy': 'cross-origin',
};

export interface RegistryInput {
  cache: NpmCache;
  store: Store;
  capabilities: RegistryCapabilities;
  /** The public URL of REGISTRY_PATH. */
  base: string;
}

/**
 * The npm registry an approved app's Sandpack bundler installs from (`/npm/<capability>/…`): package
 * documents holding only the versions of that app's reviewed tree, tarballs of those versions only.
 * Nothing else is served and nothing here reads the registry for a name outside the tree.
 */
export async function serveRegistry(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  input: RegistryInput,
): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS).end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...CORS, allow: 'GET, HEAD, OPTIONS' }).end();
    return;
  }
  let parts: string[];
  try {
    parts = url.pathname.slice(REGISTRY_PATH.length).split('/').map(decodeURIComponent);
  } catch {
    return notFound(res, 'Not a package path');
  }
  const [capability = '', ...rest] = parts;
  const tree = await treeFor(input, capability);
  if (!tree) return notFound(res, 'Not a registry of an approved app');
  const path = rest.join('/');
  const tar = /^(.+)\/-\/([^/]+)\.tgz$/.exec(path);
  if (tar) return sendTarball(req, res, input.cache, tree, tar[1] ?? '', tar[2] ?? '');
  const versions = tree.filter((p) => p.name === path);
  if (versions.length === 0) return notFound(res, `${path} is not among this app's reviewed packages`);
  const entries = versions.flatMap((p) => {
    const m = input.cache.manifest(p.name, p.version);
    if (!m) return [];
    const tarball = `${input.base}${capability}/${p.name}/-/${tarballName(p.name, p.version)}.tgz`;
    // The fields read only for the proposal's judgement stay here: the bundler gets what it always got.
    const { gypfile: _g, binary: _b, os: _o, cpu: _c, ...served } = m;
    return [[p.version, { ...served, dist: { tarball, integrity: p.integrity } }] as const];
  });
  if (entries.length === 0) return notFound(res, `${path} is not in the npm cache`);
  const latest = semver.maxSatisfying(
    entries.map(([v]) => v),
    '*',
    { includePrerelease: true },
  );
  const body = JSON.stringify({
    name: path,
    'dist-tags': { latest: latest ?? undefined },
    versions: Object.fromEntries(entries),
  });
  res.writeHead(200, {
    ...CORS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The reviewed tree of the active, approved app a capability names. */
async function treeFor(input: RegistryInput, capability: string): Promise<PinnedPackage[] | undefined> {
  const app = await input.capabilities.verify(capability);
  if (!app) return undefined;
  const instance = await input.store.getInstance(app.roomId, app.appId);
  if (instance?.state !== 'active') return undefined;
  const proposal = await input.store.getProposal(instance.proposalId);
  return proposal?.state === 'approved' ? (proposal.packages ?? undefined) : undefined;
}

function tarballName(name: string, version: string): string {
  return `${name.split('/').pop()}-${version}`;
}

async function sendTarball(
  req: IncomingMessage,
  res: ServerResponse,
  cache: NpmCache,
  tree: PinnedPackage[],
  name: string,
  base: string,
): Promise<void> {
  const short = name.split('/').pop() ?? name;
  const version = base.startsWith(`${short}-`) ? base.slice(short.length + 1) : '';
  const pinned = tree.find((p) => p.name === name && p.version === version);
  if (!pinned) return notFound(res, `${name}@${version || '?'} is not among this app's reviewed packages`);
  try {
    // Reviewed but not downloaded yet (online): fetched once, checked against the recorded hash.
    await cache.ensureTarball(name, version, pinned.integrity);
  } catch (err) {
    if (err instanceof NpmCacheMiss) return notFound(res, err.message);
    throw err;
  }
  const file = cache.tarball(pinned.integrity);
  if (!file) return notFound(res, `${name}@${version} has no cached tarball`);
  // Tarballs of a version never change.
  sendFile(res, file, { ...CORS, 'cache-control': 'public, max-age=31536000, immutable' }, req.method);
}

function notFound(res: ServerResponse, message: string): void {
  const body = JSON.stringify({ code: 'not_found', message });
  res.writeHead(404, { ...CORS, 'content-type': 'application/json; charset=utf-8' }).end(body);
}
