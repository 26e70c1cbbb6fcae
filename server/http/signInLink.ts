import type { IncomingMessage } from 'node:http';
import { createSession, resolveToken, sessionFromToken } from '../domain/auth.ts';
import type { TokenRow } from '../store/Store.ts';
import { cookieSession } from './authenticate.ts';
import { confirmForm, escapeHtml, formPageHeaders, htmlPage, movingOnPage, sendHtml } from './htmlPage.ts';
import type { Ctx } from './Router.ts';
import { readForm } from './readForm.ts';
import { checkSameOrigin } from './sameOrigin.ts';
import { sessionCookie } from './sessionCookie.ts';

const FORM_BODY = 16 * 1024;

/**
 * `/?token=`: signs in at once on a top-level navigation the person started (typed, bookmarked, or from
 * this site) while nobody else is signed in here; from another site, a subresource, a preview or with
 * someone else signed in, it asks first, and only the confirmation's POST signs in (login CSRF).
 */
export async function signInFromLink(ctx: Ctx, security: Record<string, string>): Promise<void> {
  const { req, res, url, deps } = ctx;
  const token = await resolveToken(deps.store, url.searchParams.get('token') ?? '', deps.now());
  if (!token) return sendHtml(res, 401, invalidLinkPage(), security);
  const next = safeNext(url.searchParams.get('next'));
  const current = await cookieSession(ctx);
  const someoneElse = current !== undefined && current.personId !== token.personId;
  if (startedByPerson(req) && !someoneElse) return signIn(ctx, security, token, next);
  const person = await deps.store.getPerson(token.personId);
  const other = someoneElse ? await deps.store.getPerson(current.personId) : undefined;
  const name = person?.name ?? 'someone';
  sendHtml(
    res,
    200,
    htmlPage(
      'Sign in to Rooms?',
      `<h1>Sign in to Rooms?</h1>
<p>This link signs this browser in as <strong>${escapeHtml(name)}</strong>.</p>
${other ? `<p>You are signed in as <strong>${escapeHtml(other.name)}</strong> now: signing in with this link signs you out of that account.</p>` : ''}
<p>Continue only if you opened this link yourself: another site may have sent you here to sign you in to an account that is not yours.</p>
${confirmForm('/sign-in', { token: url.searchParams.get('token') ?? '', next }, 'Sign in')}
<p><a href="/">Cancel</a></p>`,
    ),
    formPageHeaders(security),
  );
}

/** `POST /sign-in`: the confirmation page's button; only from our own page (Origin checked). */
export async function signInFromForm(ctx: Ctx, security: Record<string, string>): Promise<void> {
  try {
    checkSameOrigin(ctx, { requireOrigin: true });
  } catch {
    return sendHtml(ctx.res, 403, refusedPage(), security);
  }
  const form = await readForm(ctx.req, FORM_BODY);
  const token = await resolveToken(ctx.deps.store, form.get('token') ?? '', ctx.deps.now());
  if (!token) return sendHtml(ctx.res, 401, invalidLinkPage(), security);
  return signIn(ctx, security, token, safeNext(form.get('next')));
}

/** A page refused because it was not asked for from the shell's own page. */
export function refusedPage(): string {
  return htmlPage(
    'Request refused',
    `<h1>This request was refused</h1>
<p>It did not come from this site's own page. Open the link you were given again.</p>`,
  );
}

// A document navigation the person started: typed, bookmarked, opened from this site. Not a prefetch.
function startedByPerson(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  const purpose = `${req.headers['sec-purpose'] ?? ''} ${req.headers.purpose ?? ''}`;
  return (
    req.method === 'GET' &&
    req.headers['sec-fetch-dest'] === 'document' &&
    (site === 'none' || site === 'same-origin') &&
    !/prefetch|prerender/i.test(purpose)
  );
}

async function signIn(ctx: Ctx, security: Record<string, string>, token: TokenRow, next: string) {
  const session = await createSession(ctx.deps.store, sessionFromToken(token), ctx.deps.now());
  ctx.res.setHeader('set-cookie', sessionCookie(ctx.deps.config, session));
  sendHtml(ctx.res, 200, movingOnPage('Signing in…', 'Signed in.', 'Continue', next), security);
}

function invalidLinkPage(): string {
  return htmlPage(
    'Sign-in link not valid',
    `<h1>This sign-in link is not valid</h1>
<p>It may have been revoked or mistyped. Ask the Room's owner for a new link, or <a href="/">go to the sign-in page</a>.</p>`,
  );
}

function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || /[\\<>"'\s]/.test(next)) return '/';
  return next;
}
