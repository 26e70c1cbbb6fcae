import path from 'node:path';
import { type Config, frameSource, sandpackSource } from '../config.ts';
import { createSession, resolveToken } from '../domain/auth.ts';
import { acceptInvite } from '../domain/members.ts';
import type { Ctx } from './Router.ts';
import { sessionCookie } from './sessionCookie.ts';
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

/** Static shell files, the SPA fallback to index.html, and sign-in links (`/?token=`). */
export async function serveShell(ctx: Ctx): Promise<void> {
  const { req, res, url, deps } = ctx;
  const security = shellSecurityHeaders(deps.config);
  if (url.pathname === '/' && url.searchParams.has('token')) return signInFromLink(ctx, security);
  if (url.pathname === '/' && url.searchParams.has('invite')) return joinFromInvite(ctx, security);
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

// A Strict cookie set during a cross-site navigation is not sent on a redirect that follows it,
// so the landing is a same-site page that moves on by itself.
async function signInFromLink(ctx: Ctx, security: Record<string, string>): Promise<void> {
  const { res, url, deps } = ctx;
  const now = deps.now();
  const token = await resolveToken(deps.store, url.searchParams.get('token') ?? '', now);
  const next = safeNext(url.searchParams.get('next'));
  const headers = { ...security, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (!token) {
    res.writeHead(401, headers).end(
      page(
        'Sign-in link not valid',
        `<h1>This sign-in link is not valid</h1>
<p>It may have been revoked or mistyped. Ask the Room's owner for a new link, or <a href="/">go to the sign-in page</a>.</p>`,
      ),
    );
    return;
  }
  const session = await createSession(deps.store, token.personId, now);
  res.writeHead(200, { ...headers, 'set-cookie': sessionCookie(deps.config, session) });
  res.end(
    page(
      'Signing in…',
      `<p>Signed in. <a href="${next}">Continue</a></p>`,
      `<meta http-equiv="refresh" content="0;url=${next}">`,
    ),
  );
}

// An invite link signs a new member in, landing on the room through the same same-site step.
async function joinFromInvite(ctx: Ctx, security: Record<string, string>): Promise<void> {
  const { res, url, deps } = ctx;
  const joined = await acceptInvite(deps, url.searchParams.get('invite') ?? '');
  const headers = { ...security, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (!joined) {
    res.writeHead(404, headers).end(
      page(
        'Invite not valid',
        `<h1>This invite is not valid</h1>
<p>It was used already or revoked. Ask the Room's owner for a new invite.</p>`,
      ),
    );
    return;
  }
  const next = `/rooms/${encodeURIComponent(joined.roomId)}`;
  res.writeHead(200, { ...headers, 'set-cookie': sessionCookie(deps.config, joined.session) });
  res.end(
    page(
      'Joining…',
      `<p>Joined. <a href="${next}">Open the room</a></p>`,
      `<meta http-equiv="refresh" content="0;url=${next}">`,
    ),
  );
}

function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || /[\\<>"'\s]/.test(next)) return '/';
  return next;
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}
