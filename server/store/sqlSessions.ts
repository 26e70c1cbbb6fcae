import type { Selectable } from 'kysely';
import type { OAuthTables } from './SqlOAuthStore.ts';
import type { Scope, SessionRow, TokenKind, TokenRow } from './Store.ts';
import type { Tables } from './schema.ts';
import type { Db } from './sqlEvents.ts';

/** Tokens, sessions and the revocations that end them: the statements behind signing in. */
export async function insertToken(db: Db, t: TokenRow): Promise<void> {
  await db
    .insertInto('tokens')
    .values({
      id: t.id,
      person_id: t.personId,
      hash: t.hash,
      kind: t.kind,
      scopes: t.scopes.join(' '),
      label: t.label,
      created_at: t.createdAt,
      last_used_at: t.lastUsedAt,
      revoked_at: t.revokedAt,
    })
    .execute();
}

export async function findTokenByHash(db: Db, hash: string): Promise<TokenRow | undefined> {
  const row = await db.selectFrom('tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row ? toToken(row) : undefined;
}

export async function listTokens(db: Db, personId: string): Promise<TokenRow[]> {
  const rows = await db
    .selectFrom('tokens')
    .selectAll()
    .where('person_id', '=', personId)
    .where('kind', '=', 'personal')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toToken);
}

export async function insertSession(db: Db, s: SessionRow): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      hash: s.hash,
      person_id: s.personId,
      token_id: s.tokenId,
      scopes: s.scopes.join(' '),
      created_at: s.createdAt,
      expires_at: s.expiresAt,
    })
    .execute();
}

export async function findSession(db: Db, hash: string, now: number): Promise<SessionRow | undefined> {
  // A session lives no longer than its token, even if a revocation ever missed deleting it.
  const row = await db
    .selectFrom('sessions as s')
    .leftJoin('tokens as t', 't.id', 's.token_id')
    .selectAll('s')
    .where('s.hash', '=', hash)
    .where('s.expires_at', '>', now)
    .where((eb) => eb.or([eb('s.token_id', 'is', null), eb('t.revoked_at', 'is', null)]))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    hash: row.hash,
    personId: row.person_id,
    tokenId: row.token_id,
    scopes: splitScopes(row.scopes),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
}

export function revokeToken(db: Db, personId: string, tokenId: string, at: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const info = await trx
      .updateTable('tokens')
      .set({ revoked_at: at })
      .where('person_id', '=', personId)
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (info.numUpdatedRows !== 1n) return false;
    await trx.deleteFrom('sessions').where('token_id', '=', tokenId).execute();
    await trx
      .withTables<OAuthTables>()
      .updateTable('oauth_grants')
      .set({ revoked_at: at })
      .where('source_token_id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  });
}

export function revokeTokens(db: Db, personId: string, kind: TokenKind, at: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const live = trx
      .selectFrom('tokens')
      .select('id')
      .where('person_id', '=', personId)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null);
    await trx.deleteFrom('sessions').where('token_id', 'in', live).execute();
    // A returning token (restoreToken) brings back neither its sessions nor the apps they connected.
    await trx
      .withTables<OAuthTables>()
      .updateTable('oauth_grants')
      .set({ revoked_at: at })
      .where('source_token_id', 'in', live)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('tokens')
      .set({ revoked_at: at })
      .where('person_id', '=', personId)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

function splitScopes(text: string): Scope[] {
  return text.split(' ').filter(Boolean) as Scope[];
}

function toToken(row: Selectable<Tables['tokens']>): TokenRow {
  return {
    id: row.id,
    personId: row.person_id,
    hash: row.hash,
    kind: row.kind as TokenKind,
    scopes: splitScopes(row.scopes),
    label: row.label,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at == null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at == null ? null : Number(row.revoked_at),
  };
}
