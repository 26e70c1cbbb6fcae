import type { Selectable } from 'kysely';
import type { Scope } from '../../validation/scopes.ts';
import type { OAuthTables } from './SqlOAuthStore.ts';
import type { SessionStore, TokenKind, TokenRow } from './Store.ts';
import type { Tables } from './schema.ts';
import type { Db } from './sqlEvents.ts';

/** Tokens, sessions and the revocations that end them: the statements behind signing in. */
export const sqlSessionStore = (db: Db): SessionStore => ({
  async insertToken(t) {
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
  },

  async findTokenByHash(hash) {
    const row = await db.selectFrom('tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row ? toToken(row) : undefined;
  },

  async touchToken(id, at) {
    await db.updateTable('tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  },

  async restoreToken(id) {
    await db.updateTable('tokens').set({ revoked_at: null }).where('id', '=', id).execute();
  },

  async listTokens(personId) {
    const rows = await db
      .selectFrom('tokens')
      .selectAll()
      .where('person_id', '=', personId)
      .where('kind', '=', 'personal')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toToken);
  },

  async insertSession(s) {
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
  },

  async findSession(hash, now) {
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
  },

  async deleteSession(hash) {
    await db.deleteFrom('sessions').where('hash', '=', hash).execute();
  },

  revokeToken: (personId, tokenId, at) =>
    db.transaction().execute(async (trx) => {
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
    }),

  revokeTokens: (personId, kind, at) =>
    db.transaction().execute(async (trx) => {
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
    }),
});

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
