import type Database from 'better-sqlite3';
import type { Scope, SessionRow, TokenKind } from './Store.ts';

type Row = Record<string, unknown>;

/** Sessions and the token revocations that end them: the statements behind signing in. */
export function insertSession(db: Database.Database, s: SessionRow): void {
  db.prepare(
    'INSERT INTO sessions (hash, person_id, token_id, scopes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(s.hash, s.personId, s.tokenId, s.scopes.join(' '), s.createdAt, s.expiresAt);
}

export function findSession(db: Database.Database, hash: string, now: number): SessionRow | undefined {
  // A session lives no longer than its token, even if a revocation ever missed deleting it.
  const row = db
    .prepare(
      `SELECT s.* FROM sessions s LEFT JOIN tokens t ON t.id = s.token_id
       WHERE s.hash = ? AND s.expires_at > ? AND (s.token_id IS NULL OR t.revoked_at IS NULL)`,
    )
    .get(hash, now) as Row | undefined;
  if (!row) return undefined;
  return {
    hash: String(row.hash),
    personId: String(row.person_id),
    tokenId: row.token_id == null ? null : String(row.token_id),
    scopes: String(row.scopes).split(' ').filter(Boolean) as Scope[],
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
}

export function revokeToken(db: Database.Database, personId: string, tokenId: string, at: number): boolean {
  return db.transaction(() => {
    const info = db
      .prepare('UPDATE tokens SET revoked_at = ? WHERE person_id = ? AND id = ? AND revoked_at IS NULL')
      .run(at, personId, tokenId);
    if (info.changes !== 1) return false;
    db.prepare('DELETE FROM sessions WHERE token_id = ?').run(tokenId);
    return true;
  })();
}

export function revokeTokens(db: Database.Database, personId: string, kind: TokenKind, at: number): void {
  db.transaction(() => {
    db.prepare(
      `DELETE FROM sessions WHERE token_id IN
         (SELECT id FROM tokens WHERE person_id = ? AND kind = ? AND revoked_at IS NULL)`,
    ).run(personId, kind);
    db.prepare(
      'UPDATE tokens SET revoked_at = ? WHERE person_id = ? AND kind = ? AND revoked_at IS NULL',
    ).run(at, personId, kind);
  })();
}
