import { CodedError } from '../../validation/errorCodes.ts';
import type { Scope } from '../../validation/scopes.ts';
import { type Principal, resolveSession, resolveToken } from '../domain/auth.ts';
import type { Ctx } from './Router.ts';
import { parseCookies } from './respond.ts';
import { checkSameOrigin } from './sameOrigin.ts';

export const SESSION_COOKIE = 'room_session';

/** The caller from `Authorization: Bearer` or the session cookie, or undefined. */
export async function authenticate(ctx: Ctx): Promise<Principal | undefined> {
  const now = ctx.deps.now();
  const auth = ctx.req.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) {
    const token = await resolveToken(ctx.deps.store, auth.slice(7).trim(), now);
    if (!token) throw new CodedError('invalid_token', 'The token is not valid or was revoked');
    return { personId: token.personId, scopes: token.scopes, via: 'token', tokenId: token.id };
  }
  const who = await cookieSession(ctx);
  // Cookie-authenticated writes must come from the shell itself, with an Origin saying so (SameSite is the first line, this the second).
  if (who && ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD')
    checkSameOrigin(ctx, { requireOrigin: true });
  return who;
}

/** Who this browser is signed in as (the session cookie), with no check on where the request came from. */
export async function cookieSession(ctx: Ctx): Promise<Principal | undefined> {
  const secret = parseCookies(ctx.req.headers.cookie)[SESSION_COOKIE];
  return secret ? resolveSession(ctx.deps.store, secret, ctx.deps.now()) : undefined;
}

/** The caller, or 401; with `scope`, 403 when the caller lacks it. */
export async function requirePrincipal(ctx: Ctx, scope?: Scope): Promise<Principal> {
  const who = await authenticate(ctx);
  if (!who) throw new CodedError('unauthorized', 'Sign in first');
  if (scope && !who.scopes.includes(scope)) {
    throw new CodedError('insufficient_scope', `This needs the ${scope} scope`, { scope });
  }
  return who;
}
