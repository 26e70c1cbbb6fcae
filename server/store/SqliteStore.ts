import type Database from 'better-sqlite3';
import type {
  EventViewer,
  IdempotencyKey,
  InstanceRow,
  InviteRow,
  NewEvent,
  PersonRow,
  ProposalRow,
  ProposalState,
  RepositoryRow,
  RoomForPerson,
  RoomRow,
  Scope,
  SessionRow,
  Store,
  TokenKind,
  TokenRow,
  VersionRow,
} from './Store.ts';
import * as people from './sqlitePeople.ts';
import * as repos from './sqliteRepositories.ts';
import * as review from './sqliteReview.ts';
import { insertEvent, insertProposalRow, toProposal } from './sqliteReview.ts';
import { insertRoom, seedRoom } from './sqliteSeed.ts';
import * as sessions from './sqliteSessions.ts';

type Row = Record<string, unknown>;

/** The SQLite engine behind `Store`: synchronous underneath, Promise-shaped on top. */
export class SqliteStore implements Store {
  constructor(private readonly db: Database.Database) {}

  async getMeta(key: string) {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as Row | undefined;
    return row ? String(row.value) : undefined;
  }

  async setMeta(key: string, value: string) {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  async createPerson(p: PersonRow) {
    this.db
      .prepare('INSERT INTO people (id, name, created_at) VALUES (?, ?, ?)')
      .run(p.id, p.name, p.createdAt);
  }

  async getPerson(id: string) {
    const row = this.db.prepare('SELECT * FROM people WHERE id = ?').get(id) as Row | undefined;
    return row
      ? { id: String(row.id), name: String(row.name), createdAt: Number(row.created_at) }
      : undefined;
  }

  async insertToken(t: TokenRow) {
    this.db
      .prepare(
        `INSERT INTO tokens (id, person_id, hash, kind, scopes, label, created_at, last_used_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        t.id,
        t.personId,
        t.hash,
        t.kind,
        t.scopes.join(' '),
        t.label,
        t.createdAt,
        t.lastUsedAt,
        t.revokedAt,
      );
  }

  async findTokenByHash(hash: string) {
    const row = this.db.prepare('SELECT * FROM tokens WHERE hash = ?').get(hash) as Row | undefined;
    return row ? toToken(row) : undefined;
  }

  async revokeTokens(personId: string, kind: TokenKind, at: number) {
    sessions.revokeTokens(this.db, personId, kind, at);
  }

  async touchToken(id: string, at: number) {
    this.db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?').run(at, id);
  }

  async restoreToken(id: string) {
    this.db.prepare('UPDATE tokens SET revoked_at = NULL WHERE id = ?').run(id);
  }

  async insertSession(s: SessionRow) {
    sessions.insertSession(this.db, s);
  }

  async findSession(hash: string, now: number) {
    return sessions.findSession(this.db, hash, now);
  }

  async deleteSession(hash: string) {
    this.db.prepare('DELETE FROM sessions WHERE hash = ?').run(hash);
  }

  async createRoom(r: RoomRow) {
    this.db.transaction(() => insertRoom(this.db, r))();
  }

  async seedRoom(input: Parameters<Store['seedRoom']>[0]) {
    return seedRoom(this.db, input);
  }

  async listRoomsFor(personId: string) {
    const rows = this.db
      .prepare(`${ROOMS_FOR} WHERE m.person_id = ? ORDER BY r.created_at, r.id`)
      .all(personId) as Row[];
    return rows.map(toRoomFor);
  }

  async getRoomFor(roomId: string, personId: string) {
    const row = this.db.prepare(`${ROOMS_FOR} WHERE m.person_id = ? AND r.id = ?`).get(personId, roomId) as
      | Row
      | undefined;
    return row ? toRoomFor(row) : undefined;
  }

  async insertProposal(p: ProposalRow) {
    insertProposalRow(this.db, p);
  }

  async getProposal(id: string) {
    const row = this.db.prepare('SELECT * FROM proposals WHERE id = ?').get(id) as Row | undefined;
    return row ? toProposal(row) : undefined;
  }

  async listInstances(roomId: string) {
    const rows = this.db
      .prepare("SELECT * FROM instances WHERE room_id = ? AND state = 'active' ORDER BY position, id")
      .all(roomId) as Row[];
    return rows.map(toInstance);
  }

  async getInstance(roomId: string, instanceId: string) {
    const row = this.db
      .prepare('SELECT * FROM instances WHERE room_id = ? AND id = ?')
      .get(roomId, instanceId) as Row | undefined;
    return row ? toInstance(row) : undefined;
  }

  async renameRoom(roomId: string, name: string, event: NewEvent) {
    this.db.transaction(() => {
      this.db.prepare('UPDATE rooms SET name = ? WHERE id = ?').run(name, roomId);
      insertEvent(this.db, event);
    })();
  }

  async findIdempotencyKey(key: Omit<IdempotencyKey, 'fingerprint'>) {
    return review.findIdempotencyKey(this.db, key);
  }

  async insertProposalOnce(p: ProposalRow, key: IdempotencyKey, event: NewEvent) {
    return review.insertProposalOnce(this.db, p, key, event);
  }

  async listProposals(roomId: string, filter: { state?: ProposalState; proposerId?: string }) {
    return review.listProposals(this.db, roomId, filter);
  }

  async approveUnique(input: Parameters<Store['approveUnique']>[0]) {
    return review.approveUnique(this.db, input);
  }

  async declineProposal(input: Parameters<Store['declineProposal']>[0]) {
    review.declineProposal(this.db, input);
  }

  async removeInstance(roomId: string, instanceId: string, at: number, event: NewEvent) {
    return review.removeInstance(this.db, roomId, instanceId, at, event);
  }

  async reorderInstances(roomId: string, ids: string[], event: NewEvent) {
    review.reorderInstances(this.db, roomId, ids, event);
  }

  async appendEvent(event: NewEvent) {
    return insertEvent(this.db, event);
  }

  async listEvents(roomId: string, viewer: EventViewer, afterSeq: number, limit: number) {
    return review.listEvents(this.db, roomId, viewer, afterSeq, limit);
  }

  async latestSeq(roomId: string) {
    const row = this.db
      .prepare('SELECT COALESCE(MAX(seq), 0) AS s FROM events WHERE room_id = ?')
      .get(roomId) as Row;
    return Number(row.s);
  }

  async listMembers(roomId: string) {
    return people.listMembers(this.db, roomId);
  }

  async removeMember(roomId: string, personId: string, event: NewEvent) {
    return people.removeMember(this.db, roomId, personId, event);
  }

  async insertInvite(invite: InviteRow) {
    people.insertInvite(this.db, invite);
  }

  async listInvites(roomId: string) {
    return people.listInvites(this.db, roomId);
  }

  async revokeInvite(roomId: string, inviteId: string, at: number) {
    return people.revokeInvite(this.db, roomId, inviteId, at);
  }

  async findInvite(hash: string) {
    return people.findInvite(this.db, hash);
  }

  async acceptInvite(input: Parameters<Store['acceptInvite']>[0]) {
    return people.acceptInvite(this.db, input);
  }

  async listTokens(personId: string) {
    const rows = this.db
      .prepare("SELECT * FROM tokens WHERE person_id = ? AND kind = 'personal' ORDER BY created_at, id")
      .all(personId) as Row[];
    return rows.map(toToken);
  }

  async revokeToken(personId: string, tokenId: string, at: number) {
    return sessions.revokeToken(this.db, personId, tokenId, at);
  }

  async createRepository(repo: RepositoryRow) {
    repos.createRepository(this.db, repo);
  }

  async getRepository(id: string) {
    return repos.getRepository(this.db, id);
  }

  async putVersion(version: VersionRow) {
    return repos.putVersion(this.db, version);
  }

  async getVersion(repositoryId: string, versionId: string) {
    return repos.getVersion(this.db, repositoryId, versionId);
  }

  async listVersions(repositoryId: string) {
    return repos.listVersions(this.db, repositoryId);
  }

  async close() {
    this.db.close();
  }
}

const ROOMS_FOR = `SELECT r.*, m.role,
  (SELECT COUNT(*) FROM instances i WHERE i.room_id = r.id AND i.state = 'active') AS app_count
  FROM rooms r JOIN memberships m ON m.room_id = r.id`;

function toToken(row: Row): TokenRow {
  return {
    id: String(row.id),
    personId: String(row.person_id),
    hash: String(row.hash),
    kind: row.kind as TokenKind,
    scopes: String(row.scopes).split(' ').filter(Boolean) as Scope[],
    label: String(row.label),
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at == null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at == null ? null : Number(row.revoked_at),
  };
}

function toRoomFor(row: Row): RoomForPerson {
  return {
    id: String(row.id),
    name: String(row.name),
    ownerId: String(row.owner_id),
    createdAt: Number(row.created_at),
    role: row.role as RoomForPerson['role'],
    appCount: Number(row.app_count),
  };
}

function toInstance(row: Row): InstanceRow {
  return {
    id: String(row.id),
    roomId: String(row.room_id),
    name: String(row.name),
    position: Number(row.position),
    proposalId: String(row.proposal_id),
    state: row.state as InstanceRow['state'],
    createdAt: Number(row.created_at),
    removedAt: row.removed_at == null ? null : Number(row.removed_at),
  };
}
