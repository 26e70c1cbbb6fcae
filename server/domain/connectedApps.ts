import { CodedError } from '../../validation/errorCodes.ts';
import type { GrantView } from '../../validation/views.ts';
import type { Principal } from './auth.ts';
import type { OAuthDeps } from './DomainDeps.ts';

type Deps = Pick<OAuthDeps, 'oauth' | 'now'>;

/** The apps this person connected through OAuth (their grants), as the settings page lists them. */
export async function listConnectedApps(d: Deps, who: Principal): Promise<GrantView[]> {
  const grants = await d.oauth.listGrants(who.personId);
  return grants.map((g) => ({
    id: g.id,
    client_name: g.clientName,
    scopes: g.scopes,
    created_at: new Date(g.createdAt).toISOString(),
    last_used_at: g.lastUsedAt === null ? null : new Date(g.lastUsedAt).toISOString(),
  }));
}

/** Revokes one of this person's live grants; another person's, or one revoked already, is not found. */
export async function disconnectApp(d: Deps, who: Principal, grantId: string): Promise<void> {
  const grant = await d.oauth.getGrant(grantId);
  if (!grant || grant.personId !== who.personId || grant.revokedAt !== null)
    throw new CodedError('not_found', 'No connected app with this id');
  await d.oauth.revokeGrant(grant.id, d.now());
}
