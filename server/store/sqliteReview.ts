import type Database from 'better-sqlite3';
import { CodedError } from '../../validation/errorCodes.ts';
import type { PinnedPackage } from '../npm/resolveTree.ts';
import type {
  EventRow,
  EventViewer,
  IdempotencyKey,
  InstanceRow,
  NewEvent,
  ProposalRow,
  ProposalState,
} from './Store.ts';

type Row = Record<string, unknown>;

/** Proposals, instances and events: the statements behind the review gate, each write one transaction. */
export function insertEvent(db: Database.Database, e: NewEvent): number {
  const info = db
    .prepare(
      'INSERT INTO events (room_id, type, audience, proposer_id, data_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(e.roomId, e.type, e.audience, e.proposerId, JSON.stringify(e.data), e.createdAt);
  return Number(info.lastInsertRowid);
}

export function insertProposalRow(db: Database.Database, p: ProposalRow): void {
  db.prepare(
    `INSERT INTO proposals (id, room_id, proposer_id, kind, name, files_json, repository_id, version_id,
       content_sha256, state, decline_reason, created_at, decided_at, decided_by, dependencies_json, packages_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
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
    p.dependencies ? JSON.stringify(p.dependencies) : null,
    p.packages ? JSON.stringify(p.packages) : null,
  );
}

export function findIdempotencyKey(
  db: Database.Database,
  k: Omit<IdempotencyKey, 'fingerprint'>,
): { proposalId: string; fingerprint: string } | undefined {
  const found = db
    .prepare(
      'SELECT proposal_id, fingerprint FROM idempotency_keys WHERE person_id = ? AND tool = ? AND room_id = ? AND key = ?',
    )
    .get(k.personId, k.tool, k.roomId, k.key) as Row | undefined;
  return found
    ? { proposalId: String(found.proposal_id), fingerprint: String(found.fingerprint) }
    : undefined;
}

export function insertProposalOnce(
  db: Database.Database,
  p: ProposalRow,
  k: IdempotencyKey,
  event: NewEvent,
): { created: true } | { created: false; proposalId: string; fingerprint: string } {
  return db.transaction(() => {
    const found = findIdempotencyKey(db, k);
    if (found) return { created: false as const, ...found };
    insertProposalRow(db, p);
    db.prepare(
      `INSERT INTO idempotency_keys (person_id, tool, room_id, key, fingerprint, proposal_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(k.personId, k.tool, k.roomId, k.key, k.fingerprint, p.id, p.createdAt);
    insertEvent(db, event);
    return { created: true as const };
  })();
}

export function listProposals(
  db: Database.Database,
  roomId: string,
  filter: { state?: ProposalState; proposerId?: string },
): ProposalRow[] {
  const rows = db
    .prepare(
      `SELECT * FROM proposals WHERE room_id = ? AND (? IS NULL OR state = ?) AND (? IS NULL OR proposer_id = ?)
       ORDER BY created_at, id`,
    )
    .all(
      roomId,
      filter.state ?? null,
      filter.state ?? null,
      filter.proposerId ?? null,
      filter.proposerId ?? null,
    ) as Row[];
  return rows.map(toProposal);
}

export function approveUnique(
  db: Database.Database,
  input: {
    proposalId: string;
    decidedBy: string;
    at: number;
    instanceId: string;
    events: (instance: InstanceRow) => NewEvent[];
  },
): InstanceRow {
  return db.transaction((): InstanceRow => {
    const p = db.prepare('SELECT room_id, name, state FROM proposals WHERE id = ?').get(input.proposalId) as
      | Row
      | undefined;
    if (!p) throw new CodedError('not_found', 'No such proposal');
    if (p.state !== 'pending') throw new CodedError('conflict', `The proposal is already ${String(p.state)}`);
    const roomId = String(p.room_id);
    db.prepare("UPDATE proposals SET state = 'approved', decided_at = ?, decided_by = ? WHERE id = ?").run(
      input.at,
      input.decidedBy,
      input.proposalId,
    );
    const taken = new Set(
      (
        db.prepare("SELECT name FROM instances WHERE room_id = ? AND state = 'active'").all(roomId) as Row[]
      ).map((r) => String(r.name)),
    );
    const base = String(p.name);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
    const max = db
      .prepare(
        "SELECT COALESCE(MAX(position), -1) AS m FROM instances WHERE room_id = ? AND state = 'active'",
      )
      .get(roomId) as Row;
    const instance: InstanceRow = {
      id: input.instanceId,
      roomId,
      name,
      position: Number(max.m) + 1,
      proposalId: input.proposalId,
      state: 'active',
      createdAt: input.at,
      removedAt: null,
    };
    db.prepare(
      `INSERT INTO instances (id, room_id, name, position, proposal_id, state, created_at)
       VALUES (?, ?, ?, ?, ?, 'active', ?)`,
    ).run(instance.id, roomId, name, instance.position, instance.proposalId, instance.createdAt);
    for (const e of input.events(instance)) insertEvent(db, e);
    return instance;
  })();
}

export function declineProposal(
  db: Database.Database,
  input: { proposalId: string; decidedBy: string; at: number; reason: string | null; event: NewEvent },
): void {
  db.transaction(() => {
    const info = db
      .prepare(
        "UPDATE proposals SET state = 'declined', decided_at = ?, decided_by = ?, decline_reason = ? WHERE id = ? AND state = 'pending'",
      )
      .run(input.at, input.decidedBy, input.reason, input.proposalId);
    if (info.changes !== 1) throw new CodedError('conflict', 'The proposal is no longer pending');
    insertEvent(db, input.event);
  })();
}

export function removeInstance(
  db: Database.Database,
  roomId: string,
  instanceId: string,
  at: number,
  event: NewEvent,
): boolean {
  return db.transaction(() => {
    const info = db
      .prepare(
        "UPDATE instances SET state = 'removed', removed_at = ? WHERE room_id = ? AND id = ? AND state = 'active'",
      )
      .run(at, roomId, instanceId);
    if (info.changes !== 1) return false;
    insertEvent(db, event);
    return true;
  })();
}

export function reorderInstances(
  db: Database.Database,
  roomId: string,
  ids: string[],
  event: NewEvent,
): void {
  db.transaction(() => {
    const active = (
      db.prepare("SELECT id FROM instances WHERE room_id = ? AND state = 'active'").all(roomId) as Row[]
    ).map((r) => String(r.id));
    const same =
      active.length === ids.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => active.includes(id));
    if (!same)
      throw new CodedError('bad_request', 'List every app of the room exactly once', { apps: active });
    const set = db.prepare('UPDATE instances SET position = ? WHERE room_id = ? AND id = ?');
    for (const [position, id] of ids.entries()) set.run(position, roomId, id);
    insertEvent(db, event);
  })();
}

export function listEvents(
  db: Database.Database,
  roomId: string,
  viewer: EventViewer,
  afterSeq: number,
  limit: number,
): EventRow[] {
  const rows = db
    .prepare(
      `SELECT * FROM events WHERE room_id = ? AND seq > ?
         AND (? = 1 OR audience = 'room' OR proposer_id = ?)
       ORDER BY seq LIMIT ?`,
    )
    .all(roomId, afterSeq, viewer.isOwner ? 1 : 0, viewer.personId, limit) as Row[];
  return rows.map((r) => ({
    seq: Number(r.seq),
    roomId: String(r.room_id),
    type: String(r.type),
    audience: r.audience as EventRow['audience'],
    proposerId: r.proposer_id == null ? null : String(r.proposer_id),
    data: JSON.parse(String(r.data_json)) as Record<string, unknown>,
    createdAt: Number(r.created_at),
  }));
}

export function toProposal(row: Row): ProposalRow {
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
    dependencies:
      row.dependencies_json == null
        ? null
        : (JSON.parse(String(row.dependencies_json)) as Record<string, string>),
    packages: row.packages_json == null ? null : (JSON.parse(String(row.packages_json)) as PinnedPackage[]),
  };
}
