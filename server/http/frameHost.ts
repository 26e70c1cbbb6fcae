import path from 'node:path';
import { BUNDLE_PATH } from '../../validation/providedImports.ts';
import type { Config } from '../config.ts';
import { type NetworkSources, networkSources } from './networkSources.ts';
import type { Ctx } from './Router.ts';
import { resolveUnder, sendFile } from './staticFile.ts';

export const FRAME_DIR = path.resolve(import.meta.dirname, '../../dist/frame');

/**
 * The frame document's own CSP: its scripts only (eval for compiled app modules), no frames, forms or
 * base changes; only the shell may embed it. The network is what the app's approved version declares
 * (`room.json`): connect hosts, and resource hosts for images, fonts, media and styles, never scripts.
 */
export function frameCsp(config: Config, network: NetworkSources = NO_SOURCES): string {
  const ancestors = [new URL(config.publicUrl).origin, ...config.devOrigins].join(' ');
  const res = network.resource.map((s) => ` ${s}`).join('');
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval'",
    `style-src 'unsafe-inline'${res}`,
    `img-src data: blob:${res}`,
    `font-src data: blob:${res}`,
    `media-src data: blob:${res}`,
    network.connect.length ? `connect-src ${network.connect.join(' ')}` : "connect-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

const NO_SOURCES: NetworkSources = { connect: [], resource: [] };

/**
 * The frame document's CSP for an app now: its current approved version's hosts when the URL names
 * that grant (`?net=`, what the launcher handed out), none otherwise (a stale or forged URL fails closed).
 */
async function appFrameCsp(ctx: Ctx): Promise<string> {
  const { deps } = ctx;
  const grant = await deps.networkGrants?.of(ctx.params.app ?? '').catch(() => undefined);
  const asked = ctx.url.searchParams.get('net') ?? '';
  if (!grant || grant.fingerprint !== asked) return frameCsp(deps.config);
  return frameCsp(deps.config, networkSources(deps.config, grant.declaration));
}

const FRAME_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" crossorigin src="/runtime/frame.js"></script>
</head>
<body><div id="root"></div></body>
</html>
`;

/** Where an app's frame site serves a package bundle. */
export function bundlePath(hash: string): string {
  return `/deps/${hash}.js`;
}

/**
 * Serves an app's own host (`ctx.params.app` its key): the frame document, the runtime scripts and that
 * app's package bundle, nothing else.
 */
export async function serveFrame(ctx: Ctx): Promise<void> {
  const { req, res, url, deps } = ctx;
  const common = {
    // Module scripts from an opaque-origin document are CORS requests: without this they fail (or say "Script error.").
    'access-control-allow-origin': '*',
    // An opaque-origin frame gets no HTTP cache anyway; no-store says so, and no stale runtime survives a deploy.
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...common, allow: 'GET, HEAD' }).end();
    return;
  }
  if (url.pathname === '/') {
    res.writeHead(200, {
      ...common,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': await appFrameCsp(ctx),
      'referrer-policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : FRAME_HTML);
    return;
  }
  const bundle = BUNDLE_PATH.exec(url.pathname);
  if (bundle) {
    // Only the bundle this site's app runs now: another app's or room's hash is no probe of what exists.
    const code = await deps.store.getAppPackageBundle(ctx.params.app ?? '', bundle[1] as string);
    if (code === undefined) {
      res.writeHead(404, { ...common, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, { ...common, 'content-type': 'text/javascript; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : code);
    return;
  }
  const file = url.pathname.startsWith('/runtime/')
    ? resolveUnder(FRAME_DIR, url.pathname.slice('/runtime'.length))
    : undefined;
  if (!file) {
    res.writeHead(404, { ...common, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  sendFile(res, file, common, req.method);
}
