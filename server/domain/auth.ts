import fs from 'node:fs';
import path from 'node:path';
import { CodedError } from '../../validation/errorCodes.ts';
import type { Scope } from '../../validation/scopes.ts';
import { ALL_SCOPES } from '../../validation/scopes.ts';
import type { Store, TokenRow } from '../store/Store.ts';
import { newId, newSecret, sha256Hex } from './ids.ts';

export const SESSION_MS = 30 * 24 * 3600 * 1000;
/** How stale a token's recorded last use may be: it is written at most once a minute. */
export const LAST_USED_GRANULARITY_MS = 60_000;

/** Who is asking, resolved from a session cookie or a bearer token. */
export interface Principal {
  personId: string;
  scopes: Scope[];
  via: 'session' | 'token';
  tokenId?: string;
  /** The session's id (the hash of its secret), when `via` is `session`. */
  sessionId?: string;
  /** The token a session was made from (none for an invite's): what it consents to ends with it. */
  sourceTokenId?: string;
  /** An OAuth access token's grant, and the (self-declared) name of its app. */
  grantId?: string;
  clientName?: string;
}

/** What a session is made from: a live token (its scopes, at most) or an invite (tokenId null). */
export interface SessionSource {
  personId: string;
  tokenId: string | null;
  scopes: Scope[];
}

/** The other servers alive on the same database (ServerRegistry), as ensureOwner sees them. */
export interface OwnerTokenPeers {
  /** The owner token hashes the other live servers ensured. */
  liveHashes(): Promise<string[]>;
  /** Records this server alive with the owner token hash it ensured. */
  join(hash: string): Promise<void>;
}

/**
 * Makes sure the owner exists and that the bootstrap token is the one configured (or the one kept
 * in the data folder's 0600 file). Returns the owner's id and the token; with other servers alive on
 * the database (`peers`), a server without ROOM_OWNER_TOKEN keeps theirs (token undefined unless its
 * file holds the same) and a configured token unlike theirs is refused. Run it under the peers' lock.
 */
export async function ensureOwner(
  store: Store,
  opts: { dataDir: string; configuredToken: string | undefined; now: number; peers?: OwnerTokenPeers },
): Promise<{ ownerId: string; token: string | undefined }> {
  let ownerId = await store.getMeta('owner_person_id');
  if (!ownerId) {
    ownerId = newId('p');
    await store.createPerson({ id: ownerId, name: 'Owner', createdAt: opts.now });
    await store.setMeta('owner_person_id', ownerId);
  }
  const tokenFile = path.join(opts.dataDir, 'owner-token');
  const fileToken = () => (fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '');
  const live = (await opts.peers?.liveHashes()) ?? [];
  let token = opts.configuredToken;
  if (token && live.some((h) => h !== sha256Hex(token as string)))
    throw new CodedError(
      'conflict',
      'another server on this database runs with a different owner token: give every server the same ROOM_OWNER_TOKEN',
    );
  if (!token && live[0]) {
    // Theirs stays live: a server with a data folder of its own must not revoke it.
    await opts.peers?.join(live[0]);
    const mine = fileToken();
    return { ownerId, token: mine && sha256Hex(mine) === live[0] ? mine : undefined };
  }
  if (!token) {
    token = fileToken();
    if (!token) {
      token = newSecret();
      fs.writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
    }
  }
  const hash = sha256Hex(token);
  await replaceOwnerToken(store, ownerId, hash, opts.now);
  await opts.peers?.join(hash);
  return { ownerId, token };
}

async function replaceOwnerToken(store: Store, ownerId: string, hash: string, now: number): Promise<void> {
  const existing = await store.findTokenByHash(hash);
  if (existing && (existing.personId !== ownerId || existing.kind !== 'owner'))
    throw new CodedError(
      'conflict',
      'ROOM_OWNER_TOKEN was used before for another purpose; choose a new one',
    );
  if (existing?.revokedAt === null) return;
  // A changed bootstrap token replaces the old one; a returning one (env unset again) comes back.
  await store.revokeTokens(ownerId, 'owner', now);
  if (existing) await store.restoreToken(existing.id);
  else
    await store.insertToken({
      id: newId('t'),
      personId: ownerId,
      hash,
      kind: 'owner',
      scopes: ALL_SCOPES,
      label: 'Owner bootstrap token',
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
}

/** A live (not revoked) token for this secret, or undefined. */
export async function resolveToken(store: Store, secret: string, now: number): Promise<TokenRow | undefined> {
  if (!secret) return undefined;
  const token = await store.findTokenByHash(sha256Hex(secret));
  if (!token || token.revokedAt !== null) return undefined;
  // "Last used" to the minute: a write per authenticated read would make every read a durable write.
  if (token.lastUsedAt === null || now - token.lastUsedAt >= LAST_USED_GRANULARITY_MS) {
    await store.touchToken(token.id, now);
  }
  return token;
}

/** The session a token makes: its person, its id (revoking it ends the session), its scopes only. */
export function sessionFromToken(token: TokenRow): SessionSource {
  return { personId: token.personId, tokenId: token.id, scopes: token.scopes };
}

/** A new session; returns the session secret for the cookie. */
export async function createSession(store: Store, from: SessionSource, now: number): Promise<string> {
  const secret = newSecret();
  await store.insertSession({
    hash: sha256Hex(secret),
    personId: from.personId,
    tokenId: from.tokenId,
    scopes: from.scopes,
    createdAt: now,
    expiresAt: now + SESSION_MS,
  });
  return secret;
}

export async function resolveSession(
  store: Store,
  secret: string,
  now: number,
): Promise<Principal | undefined> {
  if (!secret) return undefined;
  const session = await store.findSession(sha256Hex(secret), now);
  if (!session) return undefined;
  return {
    personId: session.personId,
    scopes: session.scopes,
    via: 'session',
    sessionId: session.hash,
    ...(session.tokenId ? { sourceTokenId: session.tokenId } : {}),
  };
}

export async function endSession(store: Store, secret: string): Promise<void> {
  await store.deleteSession(sha256Hex(secret));
}
