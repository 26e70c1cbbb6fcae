import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Ctx } from './Router.ts';
import { resolveUnder, sendFile } from './staticFile.ts';

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

/**
 * The bundler document's CSP: it evaluates app code (eval, blob workers), may reach only its own
 * site and our npm registry, and only the shell may embed it.
 */
export function sandpackCsp(config: Config): string {
  const shell = new URL(config.publicUrl).origin;
  const ancestors = [shell, ...config.devOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline' blob: data:",
    "img-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    `connect-src 'self' ${shell} blob: data:`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "form-action 'none'",
    "base-uri 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** Serves an app's Sandpack site: the bundler's index (telemetry off) and its static files. */
export async function serveSandpack(ctx: Ctx): Promise<void> {
  const { req, res, url, deps } = ctx;
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': sandpackCsp(deps.config),
    'cross-origin-resource-policy': 'same-site',
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...common, allow: 'GET, HEAD' }).end();
    return;
  }
  const file = url.pathname === '/' ? undefined : resolveUnder(BUNDLER_DIR, url.pathname);
  if (file && url.pathname !== '/index.html') {
    // Hashed bundler files; each app's site caches its own copy.
    sendFile(res, file, { ...common, 'cache-control': 'public, max-age=3600' }, req.method);
    return;
  }
  if (url.pathname !== '/' && url.pathname !== '/index.html' && path.posix.extname(url.pathname)) {
    res.writeHead(404, { ...common, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
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
}
