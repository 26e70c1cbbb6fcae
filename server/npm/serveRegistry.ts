import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendFile } from '../http/staticFile.ts';
import { type NpmCache, NpmCacheMiss } from './NpmCache.ts';

export const REGISTRY_PATH = '/npm/';

// The bundler sends Content-Type on every GET, so each request is preflighted.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '600',
  'cross-origin-resource-policy': 'cross-origin',
};

const NAME = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i;

/**
 * The npm registry the Sandpack bundler installs from (`customSetup.npmRegistries`): package documents
 * holding only cached versions, tarball URLs pointing back here, tarballs from the cache.
 */
export async function serveRegistry(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  input: { cache: NpmCache; base: string },
): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS).end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...CORS, allow: 'GET, HEAD, OPTIONS' }).end();
    return;
  }
  let rest: string;
  try {
    rest = decodeURIComponent(url.pathname.slice(REGISTRY_PATH.length));
  } catch {
    return notFound(res, 'Not a package path');
  }
  const tar = /^(.+)\/-\/([^/]+)\.tgz$/.exec(rest);
  if (tar) return sendTarball(req, res, input.cache, tar[1] ?? '', tar[2] ?? '');
  if (!NAME.test(rest)) return notFound(res, 'Not a package name');
  let versions = input.cache.versions(rest);
  if (Object.keys(versions).length === 0 && !input.cache.opts.offline) {
    try {
      await input.cache.fill(rest, 'latest');
    } catch (err) {
      if (err instanceof NpmCacheMiss) return notFound(res, err.message);
      throw err;
    }
    versions = input.cache.versions(rest);
  }
  if (Object.keys(versions).length === 0)
    return notFound(
      res,
      `${rest} is not in the npm cache${input.cache.opts.offline ? ' (offline mode)' : ''}`,
    );
  const doc = {
    name: rest,
    'dist-tags': { latest: input.cache.latest(rest) },
    versions: Object.fromEntries(
      Object.entries(versions).map(([v, m]) => [
        v,
        { ...m, dist: { tarball: `${input.base}${rest}/-/${tarballName(rest, v)}.tgz` } },
      ]),
    ),
  };
  const body = JSON.stringify(doc);
  res.writeHead(200, {
    ...CORS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function tarballName(name: string, version: string): string {
  return `${name.split('/').pop()}-${version}`;
}

async function sendTarball(
  req: IncomingMessage,
  res: ServerResponse,
  cache: NpmCache,
  name: string,
  base: string,
): Promise<void> {
  const short = name.split('/').pop() ?? name;
  const version = base.startsWith(`${short}-`) ? base.slice(short.length + 1) : '';
  const file = NAME.test(name) && version ? await cache.tarball(name, version) : undefined;
  if (!file) return notFound(res, `${name}@${version || '?'} has no cached tarball`);
  // Tarballs of a version never change.
  sendFile(res, file, { ...CORS, 'cache-control': 'public, max-age=31536000, immutable' }, req.method);
}

function notFound(res: ServerResponse, message: string): void {
  const body = JSON.stringify({ code: 'not_found', message });
  res.writeHead(404, { ...CORS, 'content-type': 'application/json; charset=utf-8' }).end(body);
}
