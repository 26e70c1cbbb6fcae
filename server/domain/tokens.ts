import { CodedError } from '../../validation/errorCodes.ts';
import type { Scope } from '../../validation/scopes.ts';
import { ALL_SCOPES } from '../../validation/scopes.ts';
import type { TokenView } from '../../validation/views.ts';
import type { TokenRow } from '../store/Store.ts';
import type { Principal } from './auth.ts';
import { credentialsChanged } from './credentialsChanged.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { newId, newSecret, sha256Hex } from './ids.ts';

/** Live personal tokens one person may hold: minting more cannot multiply what is counted per person. */
export const MAX_LIVE_TOKENS = 50;

/** A personal access token for agents; it never carries a scope its creator lacks. */
export async function createToken(
  d: DomainDeps,
  who: Principal,
  input: { label?: unknown; scopes?: unknown },
): Promise<{ token: TokenView; secret: string }> {
  const label = typeof input.label === 'string' ? input.label.trim().slice(0, 100) : '';
  if (!label) throw new CodedError('bad_request', 'label must be a non-empty string');
  const scopes = input.scopes ?? who.scopes;
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => ALL_SCOPES.includes(s as Scope)))
    throw new CodedError('bad_request', `scopes must be a non-empty list of ${ALL_SCOPES.join(', ')}`);
  const missing = scopes.filter((s) => !who.scopes.includes(s as Scope));
  if (missing.length)
    throw new CodedError(
      'insufficient_scope',
      `A token cannot grant scopes its creator lacks: ${missing.join(', ')}`,
      {
        scope: missing.join(' '),
      },
    );
  const live = (await d.store.listTokens(who.personId)).filter((t) => t.revokedAt === null).length;
  if (live >= MAX_LIVE_TOKENS)
    throw new CodedError(
      'quota_exceeded',
      `You hold ${live} live tokens, at most ${MAX_LIVE_TOKENS}: revoke one you no longer use (Tokens in your account, or DELETE /api/tokens/<id>) and try again`,
      { limit: MAX_LIVE_TOKENS },
    );
  const secret = newSecret();
  const row: TokenRow = {
    id: newId('t'),
    personId: who.personId,
    hash: sha256Hex(secret),
    kind: 'personal',
    scopes: [...new Set(scopes as Scope[])],
    label,
    createdAt: d.now(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await d.store.insertToken(row);
  return { token: toTokenView(row), secret };
}

export async function listTokens(d: DomainDeps, who: Principal): Promise<TokenView[]> {
  return (await d.store.listTokens(who.personId)).map(toTokenView);
}

/** Revokes the token and ends the sessions made from it; open event streams of either close. */
export async function revokeToken(d: DomainDeps, who: Principal, tokenId: string): Promise<void> {
  if (!(await d.store.revokeToken(who.personId, tokenId, d.now())))
    throw new CodedError('not_found', 'No live token with this id');
  credentialsChanged(d.bus);
}

function toTokenView(t: TokenRow): TokenView {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: t.id,
    label: t.label,
    scopes: t.scopes,
    created_at: new Date(t.createdAt).toISOString(),
    last_used_at: iso(t.lastUsedAt),
    revoked_at: iso(t.revokedAt),
  };
}
