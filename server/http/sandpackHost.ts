import fs from 'node:fs';
import path from 'node:path';
import { type Config, sandpackHostMatcher, sandpackOrigin } from '../config.ts';
import { bundlerFiles } from './bundlerFiles.ts';
import { type NetworkSources, networkSources } from './networkSources.ts';
import type { Ctx } from './Router.ts';
import { sendError, toWireError } from './respond.ts';
import { sendFile } from './staticFile.ts';

/** The self-hosted bundler: the `sandpack/` build shipped in @codesandbox/sandpack-client. */
export const BUNDLER_DIR = path.resolve(
  import.meta.dirname,
  '../../node_modules/@codesandbox/sandpack-client/sandpack',
);

// Telemetry off: the bundler skips its POST to col.csbops.io only when IS_ONPREM is "true".
const ENV_SCRIPT = '<script>window._env_={IS_ONPREM:"true"};</script>';

let indexHtml: string | undefined;
function bundlerIndex(): string {
  indexHtml ??= fs
    .readFileSync(path.join(BUNDLER_DIR, 'index.html'), 'utf8')
    .replace('<head>', `<head>${ENV_SCRIPT}`);
  return indexHtml;
}

let files: ReturnType<typeof bundlerFiles> | undefined;
/** The bundler files an app's run needs, computed once at startup from the folder. */
export function sandpackFiles(): ReturnType<typeof bundlerFiles> {
  files ??= bundlerFiles(BUNDLER_DIR);
  return files;
}

/**
 * The bundler document's CSP: it evaluates app code (eval, blob workers), may reach only its own
 * site and our npm registry, and only the shell may embed it. `worker-src` names the bundler's own
 * transpiler scripts, not `'self'`: Chromium checks a service worker's script against it too.
 */
export function sandpackCsp(
  config: Config,
  site: string,
  network: NetworkSources = { connect: [], resource: [] },
): string {
  const shell = new URL(config.publicUrl).origin;
  const ancestors = [shell, ...config.devOrigins].join(' ');
  const workers = sandpackFiles().workers.map((f) => `${site}/${f}`);
  // The app's approved hosts, as on its frame site: resources never in script-src or frame-src.
  const res = network.resource.map((s) => ` ${s}`).join('');
  const connect = network.connect.map((s) => ` ${s}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
    `style-src 'self' 'unsafe-inline' blob: data:${res}`,
    `img-src 'self' data: blob:${res}`,
    `font-src 'self' data: blob:${res}`,
    `media-src 'self' data: blob:${res}`,
    `connect-src 'self' ${shell} blob: data:${connect}`,
    ['worker-src blob:', ...workers].join(' '),
    "frame-src 'self' blob:",
    "manifest-src 'none'",
    "object-src 'none'",
    "form-action 'none'",
    "base-uri 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/**
 * Serves an app's Sandpack site: the bundler's index (telemetry off) and the allowlisted bundler files,
 * every response with the CSP. No service worker: none of its scripts is served, and any request a
 * browser makes for one (`Service-Worker: script`) is refused, so nothing can answer for this site.
 */
export async function serveSandpack(ctx: Ctx): Promise<void> {
  const { req, res, url, deps } = ctx;
  const key = sandpackHostMatcher(deps.config)(req.headers.host ?? '') ?? '';
  const site = new URL(sandpackOrigin(deps.config, key)).origin;
  // The panel remounts on every new version (keyed by it), so this site answers the current grant.
  const grant = await deps.networkGrants?.of(key).catch(() => undefined);
  const network = grant ? networkSources(deps.config, grant.declaration) : undefined;
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': sandpackCsp(deps.config, site, network),
    'cross-origin-resource-policy': 'same-site',
  };
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(
        res,
        { code: 'method_not_allowed', message: 'GET or HEAD only' },
        { ...common, allow: 'GET, HEAD' },
      );
      return;
    }
    if (req.headers['service-worker'] !== undefined) {
      sendError(res, { code: 'forbidden', message: 'No service worker runs on this site' }, common);
      return;
    }
    const name = safePath(url.pathname);
    if (name && name !== 'index.html' && sandpackFiles().served.has(name)) {
      // Hashed bundler files; each app's site caches its own copy.
      sendFile(
        res,
        path.join(BUNDLER_DIR, name),
        { ...common, 'cache-control': 'public, max-age=3600' },
        req.method,
      );
      return;
    }
    if (url.pathname !== '/' && url.pathname !== '/index.html' && path.posix.extname(url.pathname)) {
      sendError(res, { code: 'not_found', message: 'Not a file of the bundler' }, common);
      return;
    }
    const body = bundlerIndex();
    res.writeHead(200, {
      ...common,
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    // Answered here, not by the caller: even an error page of this site keeps the CSP.
    if (!res.headersSent) sendError(res, toWireError(err), common);
    else res.destroy();
  }
}

/** The URL path without its leading slash, decoded; undefined when malformed. Looked up, never joined blindly. */
function safePath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname).slice(1);
  } catch {
    return undefined;
  }
}
