import type { Kysely, Selectable } from 'kysely';
import type { Scope } from '../../validation/scopes.ts';
import type {
  GrantWithClient,
  OAuthAnswerRow,
  OAuthClientRow,
  OAuthGrantRow,
  OAuthRequestRow,
  OAuthSecretRow,
  OAuthStore,
} from './OAuthStore.ts';
import type { Tables } from './schema.ts';

/** The OAuth tables (migration "OAuth" in migrations.ts), on both engines. */
export type OAuthTables = {
  oauth_clients: {
    id: string;
    name: string;
    redirect_uris_json: string;
    created_at: number;
    created_by: string;
    consented_at: number | null;
  };
  oauth_grants: {
    id: string;
    client_id: string;
    person_id: string;
    scopes: string;
    resource: string;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
    source_token_id: string | null;
  };
  oauth_secrets: {
    hash: string;
    grant_id: string;
    kind: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
    redirect_uri: string | null;
    code_challenge: string | null;
  };
  oauth_requests: {
    hash: string;
    session_id: string;
    client_id: string;
    redirect_uri: string;
    code_challenge: string;
    scopes: string;
    resource: string;
    state: string | null;
    expires_at: number;
  };
  oauth_answers: { hash: string; session_id: string; location: string; expires_at: number };
  oauth_proposals: { proposal_id: string; grant_id: string };
};

type Db = Kysely<Tables & OAuthTables>;

/** `created_by` of a client known from its metadata document (CIMD): no address registered it. */
export const METADATA_DOCUMENT = 'metadata-document';

/** `OAuthStore` over Kysely: the same queries on SQLite and PostgreSQL, on the main store's connection. */
export class SqlOAuthStore implements OAuthStore {
  private readonly db: Db;

  constructor(db: Kysely<Tables>) {
    this.db = db.withTables<OAuthTables>();
  }

  async countClients() {
    const row = await this.db
      .selectFrom('oauth_clients')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('consented_at', 'is not', null)
      .where('created_by', '!=', METADATA_DOCUMENT)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countPendingClients(createdBy?: string) {
    let query = this.db
      .selectFrom('oauth_clients')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('consented_at', 'is', null);
    if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async countClientsSince(createdBy: string, since: number) {
    const row = await this.db
      .selectFrom('oauth_clients')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_by', '=', createdBy)
      .where('created_at', '>=', since)
      .where('consented_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async dropOldestPending(createdBy?: string) {
    let oldest = this.db
      .selectFrom('oauth_clients')
      .select('id')
      .where('consented_at', 'is', null)
      .where('id', 'not in', this.db.selectFrom('oauth_requests').select('client_id'))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1);
    if (createdBy !== undefined) oldest = oldest.where('created_by', '=', createdBy);
    const row = await oldest.executeTakeFirst();
    if (!row) return false;
    // Gone meanwhile (a consent page opened, another server dropped it): the caller asks again.
    await this.db
      .deleteFrom('oauth_clients')
      .where('id', '=', row.id)
      .where('consented_at', 'is', null)
      .where('id', 'not in', this.db.selectFrom('oauth_requests').select('client_id'))
      .execute();
    return true;
  }

  async insertClient(c: OAuthClientRow) {
    await this.db
      .insertInto('oauth_clients')
      .values({
        id: c.id,
        name: c.name,
        redirect_uris_json: JSON.stringify(c.redirectUris),
        created_at: c.createdAt,
        created_by: c.createdBy,
        consented_at: c.consentedAt,
      })
      .execute();
  }

  async putMetadataClient(c: { id: string; name: string; redirectUris: string[] }, at: number) {
    const uris = JSON.stringify(c.redirectUris);
    await this.db
      .insertInto('oauth_clients')
      .values({
        id: c.id,
        name: c.name,
        redirect_uris_json: uris,
        created_at: at,
        created_by: METADATA_DOCUMENT,
        consented_at: null,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: c.name, redirect_uris_json: uris }))
      .execute();
  }

  async getClient(id: string) {
    const row = await this.db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      redirectUris: JSON.parse(row.redirect_uris_json) as string[],
      createdAt: Number(row.created_at),
      createdBy: row.created_by,
      consentedAt: row.consented_at === null ? null : Number(row.consented_at),
    };
  }

  async insertRequest(r: OAuthRequestRow) {
    await this.db
      .insertInto('oauth_requests')
      .values({
        hash: r.hash,
        session_id: r.sessionId,
        client_id: r.clientId,
        redirect_uri: r.redirectUri,
        code_challenge: r.codeChallenge,
        scopes: r.scopes.join(' '),
        resource: r.resource,
        state: r.state,
        expires_at: r.expiresAt,
      })
      .execute();
  }

  async getRequest(hash: string, now: number) {
    const row = await this.db
      .selectFrom('oauth_requests')
      .selectAll()
      .where('hash', '=', hash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? toRequest(row) : undefined;
  }

  async takeRequest(hash: string, now: number) {
    const row = await this.db
      .deleteFrom('oauth_requests')
      .where('hash', '=', hash)
      .returningAll()
      .executeTakeFirst();
    return row && Number(row.expires_at) > now ? toRequest(row) : undefined;
  }

  async insertAnswer(a: OAuthAnswerRow) {
    await this.db
      .insertInto('oauth_answers')
      .values({ hash: a.hash, session_id: a.sessionId, location: a.location, expires_at: a.expiresAt })
      .execute();
  }

  async takeAnswer(hash: string, sessionId: string, now: number) {
    const row = await this.db
      .deleteFrom('oauth_answers')
      .where('hash', '=', hash)
      .where('session_id', '=', sessionId)
      .returningAll()
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= now) return undefined;
    return {
      hash: row.hash,
      sessionId: row.session_id,
      location: row.location,
      expiresAt: Number(row.expires_at),
    };
  }

  async insertGrant(g: OAuthGrantRow, code: OAuthSecretRow) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('oauth_grants')
        .values({
          id: g.id,
          client_id: g.clientId,
          person_id: g.personId,
          scopes: g.scopes.join(' '),
          resource: g.resource,
          created_at: g.createdAt,
          last_used_at: g.lastUsedAt,
          revoked_at: g.revokedAt,
          source_token_id: g.sourceTokenId,
        })
        .execute();
      await insertSecret(trx, code);
      await trx
        .updateTable('oauth_clients')
        .set({ consented_at: g.createdAt })
        .where('id', '=', g.clientId)
        .where('consented_at', 'is', null)
        .execute();
    });
  }

  async getGrant(id: string) {
    const row = await this.grants().where('g.id', '=', id).executeTakeFirst();
    return row ? toGrant(row) : undefined;
  }

  async listGrants(personId: string) {
    const rows = await this.grants()
      .where('g.person_id', '=', personId)
      .where('g.revoked_at', 'is', null)
      .where('t.revoked_at', 'is', null)
      .orderBy('g.created_at', 'desc')
      .execute();
    return rows.map(toGrant);
  }

  async revokeGrant(id: string, at: number) {
    const result = await this.db
      .updateTable('oauth_grants')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async touchGrant(id: string, at: number) {
    await this.db.updateTable('oauth_grants').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  async findSecret(hash: string) {
    const row = await this.db
      .selectFrom('oauth_secrets')
      .selectAll()
      .where('hash', '=', hash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      hash: row.hash,
      grantId: row.grant_id,
      kind: row.kind as OAuthSecretRow['kind'],
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      usedAt: row.used_at === null ? null : Number(row.used_at),
      redirectUri: row.redirect_uri,
      codeChallenge: row.code_challenge,
    };
  }

  rotate(used: string, issued: OAuthSecretRow[], at: number) {
    return this.db.transaction().execute(async (trx) => {
      if (!(await markUsed(trx, used, at))) return false;
      for (const s of issued) await insertSecret(trx, s);
      return true;
    });
  }

  async noteProposal(proposalId: string, grantId: string) {
    await this.db
      .insertInto('oauth_proposals')
      .values({ proposal_id: proposalId, grant_id: grantId })
      .onConflict((oc) => oc.column('proposal_id').doNothing())
      .execute();
  }

  async clientNamesOf(proposalIds: string[]) {
    const names = new Map<string, string>();
    if (proposalIds.length === 0) return names;
    const rows = await this.db
      .selectFrom('oauth_proposals as p')
      .innerJoin('oauth_grants as g', 'g.id', 'p.grant_id')
      .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
      .select(['p.proposal_id', 'c.name'])
      .where('p.proposal_id', 'in', proposalIds)
      .execute();
    for (const row of rows) names.set(row.proposal_id, row.name);
    return names;
  }

  async prune(now: number, pendingBefore: number) {
    await this.db.transaction().execute(async (trx) => {
      const liveGrants = trx.selectFrom('oauth_grants').select('id').where('revoked_at', 'is', null);
      await trx
        .deleteFrom('oauth_secrets')
        .where('expires_at', '<=', now)
        .where((eb) =>
          eb.or([eb('kind', '!=', 'code'), eb('used_at', 'is', null), eb('grant_id', 'not in', liveGrants)]),
        )
        .execute();
      await trx.deleteFrom('oauth_requests').where('expires_at', '<=', now).execute();
      await trx.deleteFrom('oauth_answers').where('expires_at', '<=', now).execute();
      await trx
        .deleteFrom('oauth_clients')
        .where('created_at', '<', pendingBefore)
        .where('consented_at', 'is', null)
        .where((eb) =>
          eb.and([
            eb('id', 'not in', eb.selectFrom('oauth_grants').select('client_id')),
            eb('id', 'not in', eb.selectFrom('oauth_requests').select('client_id')),
          ]),
        )
        .execute();
    });
  }

  private grants() {
    // A session dies with its token; so does what it consented to (as findSession does).
    return this.db
      .selectFrom('oauth_grants as g')
      .innerJoin('oauth_clients as c', 'c.id', 'g.client_id')
      .leftJoin('tokens as t', 't.id', 'g.source_token_id')
      .selectAll('g')
      .select(['c.name as client_name', 't.revoked_at as source_revoked_at']);
  }
}

async function markUsed(db: Db, hash: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('oauth_secrets')
    .set({ used_at: at })
    .where('hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function insertSecret(db: Db, s: OAuthSecretRow): Promise<void> {
  await db
    .insertInto('oauth_secrets')
    .values({
      hash: s.hash,
      grant_id: s.grantId,
      kind: s.kind,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      used_at: s.usedAt,
      redirect_uri: s.redirectUri,
      code_challenge: s.codeChallenge,
    })
    .execute();
}

function scopesOf(text: string): Scope[] {
  return text.split(' ').filter(Boolean) as Scope[];
}

function toRequest(row: Selectable<OAuthTables['oauth_requests']>): OAuthRequestRow {
  return {
    hash: row.hash,
    sessionId: row.session_id,
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    codeChallenge: row.code_challenge,
    scopes: scopesOf(row.scopes),
    resource: row.resource,
    state: row.state,
    expiresAt: Number(row.expires_at),
  };
}

function toGrant(
  row: Selectable<OAuthTables['oauth_grants']> & {
    client_name: string;
    source_revoked_at: number | null;
  },
): GrantWithClient {
  const revokedAt = row.revoked_at ?? row.source_revoked_at;
  return {
    id: row.id,
    clientId: row.client_id,
    personId: row.person_id,
    scopes: scopesOf(row.scopes),
    resource: row.resource,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: revokedAt === null ? null : Number(revokedAt),
    sourceTokenId: row.source_token_id,
    clientName: row.client_name,
  };
}
