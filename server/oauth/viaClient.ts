import type { ProposalView } from '../../validation/views.ts';
import type { OAuthStore } from '../store/OAuthStore.ts';

/** Adds `via_client`, the app name a proposal came through with OAuth, to the views that have one. */
export async function withViaClient<T extends ProposalView>(store: OAuthStore, views: T[]): Promise<T[]> {
  const names = await store.clientNamesOf(views.map((v) => v.id));
  for (const view of views) {
    const name = names.get(view.id);
    if (name !== undefined) view.via_client = name;
  }
  return views;
}
