import { createHash } from 'node:crypto';
import type { Scope } from '../../validation/scopes.ts';
import { OAuthError } from '../oauth/OAuthError.ts';
import { ACCESS_TOKEN_MS, PENDING_CLIENT_MS, REFRESH_TOKEN_MS } from '../oauth/oauthLimits.ts';
import { parseScopes } from '../oauth/oauthScopes.ts';
import type { OAuthSecretRow } from '../store/OAuthStore.ts';
import { LAST_USED_GRANULARITY_MS, type Principal } from './auth.ts';
import type { OAuthDeps } from './DomainDeps.ts';
import { newSecret, sha256Hex } from './ids.ts';

type Deps = Pick<OAuthDeps, 'oauth' | 'now'>;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** What `grant_type=authorization_code` sends (absent fields are null). */
export interface CodeExchange {
  code: string | null;
  clientId: string | null;
  redirectUri: string | null;
  codeVerifier: string | null;
}

/** What `grant_type=refresh_token` sends (absent fields are null). */
export interface Refresh {
  refreshToken: string | null;
  clientId: string | null;
  scope: string | null;
}

interface GrantContext {
  d: Deps;
  now: number;
  /** The resource the request names, already checked (RFC 8707). */
  resource: string;
}

/** A token request names a client this server knows. */
export async function requireTokenClient(d: Deps, clientId: string | null): Promise<void> {
  if (!clientId || !(await d.oauth.getClient(clientId)))
    throw new OAuthError('invalid_client', 'Unknown client_id');
}

/** `grant_type=authorization_code`: one use per code (a second revokes what the first issued), PKCE S256. */
export async function exchangeCode(d: Deps, input: CodeExchange, resource: string): Promise<TokenResponse> {
  const c = await grantContext(d, resource);
  const code = await liveSecret(c, input.code, 'code');
  const grant = await d.oauth.getGrant(code.grantId);
  if (!grant || grant.revokedAt !== null) throw new OAuthError('invalid_grant', 'The code was revoked');
  if (grant.clientId !== input.clientId)
    throw new OAuthError('invalid_grant', 'The code was issued to another client');
  if (code.redirectUri !== input.redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  const verifier = input.codeVerifier;
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
    throw new OAuthError('invalid_request', 'code_verifier is required (43-128 unreserved characters)');
  if (s256(verifier) !== code.codeChallenge)
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  if (grant.resource !== c.resource)
    throw new OAuthError('invalid_target', 'resource differs from the grant');
  const issued = issue(code.grantId, c.now);
  // Two requests racing with the same code: the second finds it used and revokes the grant.
  if (!(await d.oauth.rotate(code.hash, issued.rows, c.now))) await replayed(c, code.grantId);
  return issued.response(grant.scopes);
}

/** `grant_type=refresh_token`: rotates; a refresh token used twice revokes its whole grant. */
export async function refreshGrant(d: Deps, input: Refresh, resource: string): Promise<TokenResponse> {
  const c = await grantContext(d, resource);
  const old = await liveSecret(c, input.refreshToken, 'refresh');
  const grant = await d.oauth.getGrant(old.grantId);
  if (!grant || grant.revokedAt !== null) throw new OAuthError('invalid_grant', 'The grant was revoked');
  if (grant.clientId !== input.clientId)
    throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
  if (grant.resource !== c.resource)
    throw new OAuthError('invalid_target', 'resource differs from the grant');
  if (input.scope && parseScopes(input.scope).some((s) => !grant.scopes.includes(s)))
    throw new OAuthError('invalid_scope', 'A refresh cannot add scopes the person did not grant');
  const issued = issue(old.grantId, c.now);
  if (!(await d.oauth.rotate(old.hash, issued.rows, c.now))) await replayed(c, old.grantId);
  return issued.response(grant.scopes);
}

/** RFC 7009: revoking any token of a grant ends the grant; unknown tokens are not an error. */
export async function revokeByToken(d: Deps, secret: string, clientId: string | null): Promise<void> {
  const row = await d.oauth.findSecret(sha256Hex(secret));
  if (!row || row.kind === 'code') return;
  const grant = await d.oauth.getGrant(row.grantId);
  if (!grant) return;
  if (grant.clientId !== clientId)
    throw new OAuthError('invalid_client', 'The token was issued to another client');
  await d.oauth.revokeGrant(grant.id, d.now());
}

/**
 * The caller an OAuth access token stands for, or undefined: live, unexpired, its grant not revoked,
 * and bound to `resource` (a token for another resource is refused, RFC 8707).
 */
export async function resolveAccessToken(
  d: Pick<OAuthDeps, 'oauth'>,
  secret: string,
  { now, resource }: { now: number; resource: string },
): Promise<Principal | undefined> {
  if (!secret) return undefined;
  const row = await d.oauth.findSecret(sha256Hex(secret));
  if (row?.kind !== 'access' || row.expiresAt <= now) return undefined;
  const grant = await d.oauth.getGrant(row.grantId);
  if (!grant || grant.revokedAt !== null || grant.resource !== resource) return undefined;
  if (grant.lastUsedAt === null || now - grant.lastUsedAt >= LAST_USED_GRANULARITY_MS)
    await d.oauth.touchGrant(grant.id, now);
  return {
    personId: grant.personId,
    scopes: grant.scopes,
    via: 'token',
    grantId: grant.id,
    clientName: grant.clientName,
  };
}

async function grantContext(d: Deps, resource: string): Promise<GrantContext> {
  const now = d.now();
  // Expired codes, tokens and consent forms go as new ones come (a used one is kept until it expires).
  await d.oauth.prune(now, now - PENDING_CLIENT_MS);
  return { d, now, resource };
}

async function liveSecret(c: GrantContext, secret: string | null, kind: 'code' | 'refresh') {
  const name = kind === 'code' ? 'code' : 'refresh_token';
  if (!secret) throw new OAuthError('invalid_request', `${name} is required`);
  const row = await c.d.oauth.findSecret(sha256Hex(secret));
  if (!row || row.kind !== kind) throw new OAuthError('invalid_grant', `Unknown ${name}`);
  if (row.usedAt !== null) await replayed(c, row.grantId);
  if (row.expiresAt <= c.now) throw new OAuthError('invalid_grant', `The ${name} expired`);
  return row;
}

async function replayed(c: GrantContext, grantId: string): Promise<never> {
  // Someone else may hold a copy: end everything this grant issued (RFC 9700 §2.2.2, §4.14.2).
  await c.d.oauth.revokeGrant(grantId, c.now);
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

/** PKCE S256: the code challenge a verifier proves. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
