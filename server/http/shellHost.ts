import path from 'node:path';
import { type Config, frameSource, sandpackSource } from '../config.ts';
import { joinFromForm, showInvite } from './inviteLanding.ts';
import type { Ctx } from './Router.ts';
import { signInFromForm, signInFromLink } from './signInLink.ts';
import { resolveUnder, sendFile } from './staticFile.ts';

export const SHELL_DIR = path.resolve(import.meta.dirname, '../../dist/shell');

/** The shell's CSP: no inline script, no eval, nobody may frame it; frames only from app origins. */
export function shellSecurityHeaders(config: Config): Record<string, string> {
  // App frames, and apps' Sandpack sites when they are not already covered.
  const frames = [frameSource(config), sandpackSource(config)].filter(Boolean).join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames}`,
    `child-src ${frames}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** Static shell files, the SPA fallback to index.html, sign-in and invite links and their forms. */
export async function serveShell(ctx: Ctx): Promise<void> {
  const { req, res, url, deps } = ctx;
  const security = shellSecurityHeaders(deps.config);
  if (url.pathname === '/' && url.searchParams.has('token')) return signInFromLink(ctx, security);
  if (url.pathname === '/' && url.searchParams.has('invite')) return showInvite(ctx, security);
  if (url.pathname === '/sign-in' && req.method === 'POST') return signInFromForm(ctx, security);
  if (url.pathname === '/join' && req.method === 'POST') return joinFromForm(ctx, security);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const file = url.pathname.startsWith('/assets/') ? resolveUnder(SHELL_DIR, url.pathname) : undefined;
  if (file) {
    sendFile(res, file, { ...security, 'cache-control': 'public, max-age=31536000, immutable' }, req.method);
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...security }).end('Not found');
    return;
  }
  const index = resolveUnder(SHELL_DIR, '/index.html');
  if (!index) {
    res
      .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
      .end('The shell is not built: run npm start');
    return;
  }
  sendFile(res, index, { ...security, 'cache-control': 'no-cache' }, req.method);
}
