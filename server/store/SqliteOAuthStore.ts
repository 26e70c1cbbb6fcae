import type Database from 'better-sqlite3';
import type {
  GrantWithClient,
  OAuthClientRow,
  OAuthGrantRow,
  OAuthRequestRow,
  OAuthSecretRow,
  OAuthStore,
} from './OAuthStore.ts';
import type { Scope } from './Store.ts';

type Row = Record<string, unknown>;

/** `OAuthStore` on the SQLite database the main store uses. */
export class SqliteOAuthStore implements OAuthStore {
  constructor(private readonly db: Database.Database) {}

  async countClients() {
    return Number((this.db.prepare('SELECT COUNT(*) AS n FROM oauth_clients').get() as Row).n);
  }

  async countClientsSince(createdBy: string, since: number) {
    const row = this.db
      .prepare('SELECT COUNT(*) AS n FROM oauth_clients WHERE created_by = ? AND created_at >= ?')
      .get(createdBy, since) as Row;
    return Number(row.n);
  }

  async insertClient(c: OAuthClientRow) {
    this.db
      .prepare(
        'INSERT INTO oauth_clients (id, name, redirect_uris_json, created_at, created_by) VALUES (?, ?, ?, ?, ?)',
      )
      .run(c.id, c.name, JSON.stringify(c.redirectUris), c.createdAt, c.createdBy);
  }

  async getClient(id: string) {
    const row = this.db.prepare('SELECT * FROM oauth_clients WHERE id = ?').get(id) as Row | undefined;
    if (!row) return undefined;
    return {
      id: String(row.id),
      name: String(row.name),
      redirectUris: JSON.parse(String(row.redirect_uris_json)) as string[],
      createdAt: Number(row.created_at),
      createdBy: String(row.created_by),
    };
  }

  async insertRequest(r: OAuthRequestRow) {
    this.db
      .prepare(
        `INSERT INTO oauth_requests (hash, session_id, client_id, redirect_uri, code_challenge, scopes, resource, state, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        r.hash,
        r.sessionId,
        r.clientId,
        r.redirectUri,
        r.codeChallenge,
        r.scopes.join(' '),
        r.resource,
        r.state,
        r.expiresAt,
      );
  }

  async getRequest(hash: string, now: number) {
    const row = this.db
      .prepare('SELECT * FROM oauth_requests WHERE hash = ? AND expires_at > ?')
      .get(hash, now) as Row | undefined;
    return row ? toRequest(row) : undefined;
  }

  async takeRequest(hash: string, now: number) {
    return this.db.transaction(() => {
      const row = this.db
        .prepare('SELECT * FROM oauth_requests WHERE hash = ? AND expires_at > ?')
        .get(hash, now) as Row | undefined;
      this.db.prepare('DELETE FROM oauth_requests WHERE hash = ?').run(hash);
      return row ? toRequest(row) : undefined;
    })();
  }

  async insertGrant(g: OAuthGrantRow, code: OAuthSecretRow) {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO oauth_grants (id, client_id, person_id, scopes, resource, created_at, last_used_at, revoked_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          g.id,
          g.clientId,
          g.personId,
          g.scopes.join(' '),
          g.resource,
          g.createdAt,
          g.lastUsedAt,
          g.revokedAt,
        );
      this.insertSecret(code);
    })();
  }

  async getGrant(id: string) {
    const row = this.db
      .prepare(
        'SELECT g.*, c.name AS client_name FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id WHERE g.id = ?',
      )
      .get(id) as Row | undefined;
    return row ? toGrant(row) : undefined;
  }

  async listGrants(personId: string) {
    return (
      this.db
        .prepare(
          `SELECT g.*, c.name AS client_name FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id
           WHERE g.person_id = ? AND g.revoked_at IS NULL ORDER BY g.created_at DESC`,
        )
        .all(personId) as Row[]
    ).map(toGrant);
  }

  async revokeGrant(id: string, at: number) {
    return (
      this.db
        .prepare('UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
        .run(at, id).changes > 0
    );
  }

  async touchGrant(id: string, at: number) {
    this.db.prepare('UPDATE oauth_grants SET last_used_at = ? WHERE id = ?').run(at, id);
  }

  async findSecret(hash: string) {
    const row = this.db.prepare('SELECT * FROM oauth_secrets WHERE hash = ?').get(hash) as Row | undefined;
    if (!row) return undefined;
    return {
      hash: String(row.hash),
      grantId: String(row.grant_id),
      kind: row.kind as OAuthSecretRow['kind'],
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      usedAt: row.used_at === null ? null : Number(row.used_at),
      redirectUri: row.redirect_uri === null ? null : String(row.redirect_uri),
      codeChallenge: row.code_challenge === null ? null : String(row.code_challenge),
    };
  }

  async rotate(used: string, issued: OAuthSecretRow[], at: number) {
    return this.db.transaction(() => {
      if (!this.markUsed(used, at)) return false;
      for (const s of issued) this.insertSecret(s);
      return true;
    })();
  }

  async noteProposal(proposalId: string, grantId: string) {
    this.db
      .prepare('INSERT INTO oauth_proposals (proposal_id, grant_id) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .run(proposalId, grantId);
  }

  async clientNamesOf(proposalIds: string[]) {
    const names = new Map<string, string>();
    const query = this.db.prepare(
      `SELECT c.name FROM oauth_proposals p JOIN oauth_grants g ON g.id = p.grant_id
       JOIN oauth_clients c ON c.id = g.client_id WHERE p.proposal_id = ?`,
    );
    for (const id of proposalIds) {
      const row = query.get(id) as Row | undefined;
      if (row) names.set(id, String(row.name));
    }
    return names;
  }

  async prune(now: number, unusedBefore: number) {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM oauth_secrets WHERE expires_at <= ?').run(now);
      this.db.prepare('DELETE FROM oauth_requests WHERE expires_at <= ?').run(now);
      this.db
        .prepare(
          `DELETE FROM oauth_clients WHERE created_at < ?
           AND id NOT IN (SELECT client_id FROM oauth_grants) AND id NOT IN (SELECT client_id FROM oauth_requests)`,
        )
        .run(unusedBefore);
    })();
  }

  private markUsed(hash: string, at: number): boolean {
    return (
      this.db.prepare('UPDATE oauth_secrets SET used_at = ? WHERE hash = ? AND used_at IS NULL').run(at, hash)
        .changes > 0
    );
  }

  private insertSecret(s: OAuthSecretRow): void {
    this.db
      .prepare(
        `INSERT INTO oauth_secrets (hash, grant_id, kind, created_at, expires_at, used_at, redirect_uri, code_challenge)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(s.hash, s.grantId, s.kind, s.createdAt, s.expiresAt, s.usedAt, s.redirectUri, s.codeChallenge);
  }
}

function scopesOf(text: unknown): Scope[] {
  return String(text).split(' ').filter(Boolean) as Scope[];
}

function toRequest(row: Row): OAuthRequestRow {
  return {
    hash: String(row.hash),
    sessionId: String(row.session_id),
    clientId: String(row.client_id),
    redirectUri: String(row.redirect_uri),
    codeChallenge: String(row.code_challenge),
    scopes: scopesOf(row.scopes),
    resource: String(row.resource),
    state: row.state === null ? null : String(row.state),
    expiresAt: Number(row.expires_at),
  };
}

function toGrant(row: Row): GrantWithClient {
  return {
    id: String(row.id),
    clientId: String(row.client_id),
    personId: String(row.person_id),
    scopes: scopesOf(row.scopes),
    resource: String(row.resource),
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    clientName: String(row.client_name),
  };
}
