import type { Scope } from '../../validation/scopes.ts';
import { ALL_SCOPES } from '../../validation/scopes.ts';
import { OAuthError } from './OAuthError.ts';

/** What each scope lets an app do, in the words the consent page and Connected use. */
export const SCOPE_WORDS: Record<Scope, string> = {
  'osfoundry:read': 'Read your Rooms and their apps',
  'osfoundry:write': 'Propose apps for your review',
};

/**
 * The scopes a `scope` parameter asks for: every scope when it is absent (stock MCP clients ask for
 * what the resource lists, or nothing); `offline_access` is accepted and implied (refresh tokens are
 * always issued); anything else unknown is `invalid_scope`.
 */
export function parseScopes(text: string | null): Scope[] {
  const words = (text ?? '').split(' ').filter(Boolean);
  if (words.length === 0) return [...ALL_SCOPES];
  const unknown = words.filter((w) => w !== 'offline_access' && !ALL_SCOPES.includes(w as Scope));
  if (unknown.length) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
  const scopes = ALL_SCOPES.filter((s) => words.includes(s));
  if (scopes.length === 0) throw new OAuthError('invalid_scope', `Ask for ${ALL_SCOPES.join(' or ')}`);
  return scopes;
}
