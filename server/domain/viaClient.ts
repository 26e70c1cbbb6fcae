import type { ProposalView } from '../../validation/views.ts';
import type { OAuthDeps } from './DomainDeps.ts';

/** Adds `via_client`, the app name a proposal came through with OAuth, to the views that have one. */
export async function withViaClient<T extends ProposalView>(
  d: Pick<OAuthDeps, 'oauth'>,
  views: T[],
): Promise<T[]> {
  const names = await d.oauth.clientNamesOf(views.map((v) => v.id));
  for (const view of views) {
    const name = names.get(view.id);
    if (name !== undefined) view.via_client = name;
  }
  return views;
}
