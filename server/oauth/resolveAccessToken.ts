import type { Principal } from '../domain/auth.ts';
import { LAST_USED_GRANULARITY_MS } from '../domain/auth.ts';
import { sha256Hex } from '../domain/ids.ts';
import type { OAuthStore } from '../store/OAuthStore.ts';

/**
 * The caller an OAuth access token stands for, or undefined: live, unexpired, its grant not revoked,
 * and bound to `resource` (a token for another resource is refused, RFC 8707).
 */
export async function resolveAccessToken(
  store: OAuthStore,
  secret: string,
  opts: { now: number; resource: string },
): Promise<Principal | undefined> {
  if (!secret) return undefined;
  const row = await store.findSecret(sha256Hex(secret));
  if (row?.kind !== 'access' || row.expiresAt <= opts.now) return undefined;
  const grant = await store.getGrant(row.grantId);
  if (!grant || grant.revokedAt !== null || grant.resource !== opts.resource) return undefined;
  if (grant.lastUsedAt === null || opts.now - grant.lastUsedAt >= LAST_USED_GRANULARITY_MS)
    await store.touchGrant(grant.id, opts.now);
  return {
    personId: grant.personId,
    scopes: grant.scopes,
    via: 'token',
    grantId: grant.id,
    clientName: grant.clientName,
  };
}
