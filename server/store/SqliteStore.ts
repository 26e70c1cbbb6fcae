import type Database from 'better-sqlite3';
import { CodedError } from '../../validation/errorCodes.ts';
import type {
  InstanceRow,
  PersonRow,
  ProposalRow,
  RoomForPerson,
  RoomRow,
  Scope,
  SessionRow,
  Store,
  TokenKind,
  TokenRow,
} from './Store.ts';

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
    this.db
      .prepare('UPDATE tokens SET revoked_at = ? WHERE person_id = ? AND kind = ? AND revoked_at IS NULL')
      .run(at, personId, kind);
  }

  async touchToken(id: string, at: number) {
    this.db.prepare('UPDATE tokens SET last_used_at = ? WHERE id = ?').run(at, id);
  }

  async insertSession(s: SessionRow) {
    this.db
      .prepare('INSERT INTO sessions (hash, person_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(s.hash, s.personId, s.createdAt, s.expiresAt);
  }

  async findSession(hash: string, now: number) {
    const row = this.db.prepare('SELECT * FROM sessions WHERE hash = ? AND expires_at > ?').get(hash, now) as
      | Row
      | undefined;
    return row
      ? {
          hash: String(row.hash),
          personId: String(row.person_id),
          createdAt: Number(row.created_at),
          expiresAt: Number(row.expires_at),
        }
      : undefined;
  }

  async deleteSession(hash: string) {
    this.db.prepare('DELETE FROM sessions WHERE hash = ?').run(hash);
  }

  async createRoom(r: RoomRow) {
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO rooms (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)')
        .run(r.id, r.name, r.ownerId, r.createdAt);
      this.db
        .prepare('INSERT INTO memberships (room_id, person_id, role, created_at) VALUES (?, ?, ?, ?)')
        .run(r.id, r.ownerId, 'owner', r.createdAt);
    })();
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
    this.db
      .prepare(
        `INSERT INTO proposals (id, room_id, proposer_id, kind, name, files_json, repository_id, version_id,
           content_sha256, state, decline_reason, created_at, decided_at, decided_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        p.id,
        p.roomId,
        p.proposerId,
        p.kind,
        p.name,
        p.files ? JSON.stringify(p.files) : null,
        p.repositoryId,
        p.versionId,
        p.contentSha256,
        p.state,
        p.declineReason,
        p.createdAt,
        p.decidedAt,
        p.decidedBy,
      );
  }

  async getProposal(id: string) {
    const row = this.db.prepare('SELECT * FROM proposals WHERE id = ?').get(id) as Row | undefined;
    return row ? toProposal(row) : undefined;
  }

  async approveProposal(input: {
    proposalId: string;
    decidedBy: string;
    at: number;
    instanceId: string;
    name: string;
  }) {
    return this.db.transaction((): InstanceRow => {
      const p = this.db.prepare('SELECT room_id, state FROM proposals WHERE id = ?').get(input.proposalId) as
        | Row
        | undefined;
      if (!p) throw new CodedError('not_found', 'No such proposal');
      if (p.state !== 'pending')
        throw new CodedError('conflict', `The proposal is already ${String(p.state)}`);
      this.db
        .prepare("UPDATE proposals SET state = 'approved', decided_at = ?, decided_by = ? WHERE id = ?")
        .run(input.at, input.decidedBy, input.proposalId);
      const roomId = String(p.room_id);
      const max = this.db
        .prepare(
          "SELECT COALESCE(MAX(position), -1) AS m FROM instances WHERE room_id = ? AND state = 'active'",
        )
        .get(roomId) as Row;
      const instance: InstanceRow = {
        id: input.instanceId,
        roomId,
        name: input.name,
        position: Number(max.m) + 1,
        proposalId: input.proposalId,
        state: 'active',
        createdAt: input.at,
        removedAt: null,
      };
      this.db
        .prepare(
          `INSERT INTO instances (id, room_id, name, position, proposal_id, state, created_at)
           VALUES (?, ?, ?, ?, ?, 'active', ?)`,
        )
        .run(instance.id, roomId, instance.name, instance.position, instance.proposalId, instance.createdAt);
      return instance;
    })();
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

function toProposal(row: Row): ProposalRow {
  return {
    id: String(row.id),
    roomId: String(row.room_id),
    proposerId: String(row.proposer_id),
    kind: row.kind as ProposalRow['kind'],
    name: String(row.name),
    files: row.files_json == null ? null : (JSON.parse(String(row.files_json)) as Record<string, string>),
    repositoryId: row.repository_id == null ? null : String(row.repository_id),
    versionId: row.version_id == null ? null : String(row.version_id),
    contentSha256: String(row.content_sha256),
    state: row.state as ProposalRow['state'],
    declineReason: row.decline_reason == null ? null : String(row.decline_reason),
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at == null ? null : Number(row.decided_at),
    decidedBy: row.decided_by == null ? null : String(row.decided_by),
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
