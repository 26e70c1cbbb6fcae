import { createHash } from 'node:crypto';
import { newSecret, sha256Hex } from '../domain/ids.ts';
import type { OAuthSecretRow, OAuthStore } from '../store/OAuthStore.ts';
import type { Scope } from '../store/Store.ts';
import { OAuthError } from './OAuthError.ts';
import { ACCESS_TOKEN_MS, REFRESH_TOKEN_MS } from './oauthLimits.ts';
import { parseScopes } from './oauthScopes.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

interface GrantContext {
  store: OAuthStore;
  now: number;
  /** The resource the request names, already checked (RFC 8707). */
  resource: string;
}

/** `grant_type=authorization_code`: one use per code (a second revokes what the first issued), PKCE S256. */
export async function exchangeCode(c: GrantContext, form: URLSearchParams): Promise<TokenResponse> {
  const code = await liveSecret(c, form.get('code'), 'code');
  const grant = await c.store.getGrant(code.grantId);
  if (!grant || grant.revokedAt !== null) throw new OAuthError('invalid_grant', 'The code was revoked');
  if (grant.clientId !== form.get('client_id'))
    throw new OAuthError('invalid_grant', 'The code was issued to another client');
  if (code.redirectUri !== form.get('redirect_uri'))
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  const verifier = form.get('code_verifier');
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
    throw new OAuthError('invalid_request', 'code_verifier is required (43-128 unreserved characters)');
  if (s256(verifier) !== code.codeChallenge)
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  if (grant.resource !== c.resource)
    throw new OAuthError('invalid_target', 'resource differs from the grant');
  const issued = issue(code.grantId, c.now);
  // Two requests racing with the same code: the second finds it used and revokes the grant.
  if (!(await c.store.rotate(code.hash, issued.rows, c.now))) await replayed(c, code.grantId);
  return issued.response(grant.scopes);
}

/** `grant_type=refresh_token`: rotates; a refresh token used twice revokes its whole grant. */
export async function refreshGrant(c: GrantContext, form: URLSearchParams): Promise<TokenResponse> {
  const old = await liveSecret(c, form.get('refresh_token'), 'refresh');
  const grant = await c.store.getGrant(old.grantId);
  if (!grant || grant.revokedAt !== null) throw new OAuthError('invalid_grant', 'The grant was revoked');
  if (grant.clientId !== form.get('client_id'))
    throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
  if (grant.resource !== c.resource)
    throw new OAuthError('invalid_target', 'resource differs from the grant');
  if (form.get('scope') && parseScopes(form.get('scope')).some((s) => !grant.scopes.includes(s)))
    throw new OAuthError('invalid_scope', 'A refresh cannot add scopes the person did not grant');
  const issued = issue(old.grantId, c.now);
  if (!(await c.store.rotate(old.hash, issued.rows, c.now))) await replayed(c, old.grantId);
  return issued.response(grant.scopes);
}

/** RFC 7009: revoking any token of a grant ends the grant; unknown tokens are not an error. */
export async function revokeByToken(store: OAuthStore, secret: string, clientId: string | null, now: number) {
  const row = await store.findSecret(sha256Hex(secret));
  if (!row || row.kind === 'code') return;
  const grant = await store.getGrant(row.grantId);
  if (!grant) return;
  if (grant.clientId !== clientId)
    throw new OAuthError('invalid_client', 'The token was issued to another client');
  await store.revokeGrant(grant.id, now);
}

async function liveSecret(c: GrantContext, secret: string | null, kind: 'code' | 'refresh') {
  const name = kind === 'code' ? 'code' : 'refresh_token';
  if (!secret) throw new OAuthError('invalid_request', `${name} is required`);
  const row = await c.store.findSecret(sha256Hex(secret));
  if (!row || row.kind !== kind) throw new OAuthError('invalid_grant', `Unknown ${name}`);
  if (row.usedAt !== null) await replayed(c, row.grantId);
  if (row.expiresAt <= c.now) throw new OAuthError('invalid_grant', `The ${name} expired`);
  return row;
}

async function replayed(c: GrantContext, grantId: string): Promise<never> {
  // Someone else may hold a copy: end everything this grant issued (RFC 9700 §2.2.2, §4.14.2).
  await c.store.revokeGrant(grantId, c.now);
  throw new OAuthError('invalid_grant', 'This was used already; everything it issued is revoked');
}

function issue(grantId: string, now: number) {
  const access = newSecret();
  const refresh = newSecret();
  const row = (secret: string, kind: 'access' | 'refresh', ms: number): OAuthSecretRow => ({
    hash: sha256Hex(secret),
    grantId,
    kind,
    createdAt: now,
    expiresAt: now + ms,
    usedAt: null,
    redirectUri: null,
    codeChallenge: null,
  });
  return {
    rows: [row(access, 'access', ACCESS_TOKEN_MS), row(refresh, 'refresh', REFRESH_TOKEN_MS)],
    response: (scopes: Scope[]): TokenResponse => ({
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_MS / 1000,
      refresh_token: refresh,
      scope: scopes.join(' '),
    }),
  };
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
