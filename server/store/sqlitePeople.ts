import type Database from 'better-sqlite3';
import type { InviteRow, MemberRow, NewEvent, PersonRow } from './Store.ts';
import { insertEvent } from './sqliteReview.ts';

type Row = Record<string, unknown>;

/** Members and invites: the statements behind room membership. */
export function listMembers(db: Database.Database, roomId: string): MemberRow[] {
  const rows = db
    .prepare(
      `SELECT m.person_id, p.name, m.role, m.created_at FROM memberships m JOIN people p ON p.id = m.person_id
       WHERE m.room_id = ? ORDER BY m.role DESC, m.created_at, m.person_id`,
    )
    .all(roomId) as Row[];
  return rows.map((r) => ({
    personId: String(r.person_id),
    name: String(r.name),
    role: r.role as MemberRow['role'],
    createdAt: Number(r.created_at),
  }));
}

export function removeMember(
  db: Database.Database,
  roomId: string,
  personId: string,
  event: NewEvent,
): boolean {
  return db.transaction(() => {
    const info = db
      .prepare("DELETE FROM memberships WHERE room_id = ? AND person_id = ? AND role = 'member'")
      .run(roomId, personId);
    if (info.changes !== 1) return false;
    insertEvent(db, event);
    return true;
  })();
}

export function insertInvite(db: Database.Database, i: InviteRow): void {
  db.prepare(
    'INSERT INTO invites (id, room_id, hash, created_by, created_at, used_by, used_at, revoked_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(i.id, i.roomId, i.hash, i.createdBy, i.createdAt, i.usedBy, i.usedAt, i.revokedAt, i.expiresAt);
}

export function listInvites(db: Database.Database, roomId: string): InviteRow[] {
  const rows = db
    .prepare('SELECT * FROM invites WHERE room_id = ? ORDER BY created_at, id')
    .all(roomId) as Row[];
  return rows.map(toInvite);
}

export function findInvite(
  db: Database.Database,
  hash: string,
): (InviteRow & { roomName: string }) | undefined {
  const row = db
    .prepare(
      'SELECT i.*, r.name AS room_name FROM invites i JOIN rooms r ON r.id = i.room_id WHERE i.hash = ?',
    )
    .get(hash) as Row | undefined;
  return row ? { ...toInvite(row), roomName: String(row.room_name) } : undefined;
}

function toInvite(r: Row): InviteRow {
  return {
    id: String(r.id),
    roomId: String(r.room_id),
    hash: String(r.hash),
    createdBy: String(r.created_by),
    createdAt: Number(r.created_at),
    usedBy: r.used_by == null ? null : String(r.used_by),
    usedAt: r.used_at == null ? null : Number(r.used_at),
    revokedAt: r.revoked_at == null ? null : Number(r.revoked_at),
    expiresAt: Number(r.expires_at),
  };
}

export function revokeInvite(db: Database.Database, roomId: string, inviteId: string, at: number): boolean {
  const info = db
    .prepare(
      'UPDATE invites SET revoked_at = ? WHERE room_id = ? AND id = ? AND revoked_at IS NULL AND used_at IS NULL',
    )
    .run(at, roomId, inviteId);
  return info.changes === 1;
}

export function acceptInvite(
  db: Database.Database,
  input: { hash: string; person: PersonRow; at: number; event: (roomId: string) => NewEvent },
): string | undefined {
  return db.transaction(() => {
    const invite = db
      .prepare(
        'SELECT id, room_id FROM invites WHERE hash = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?',
      )
      .get(input.hash, input.at) as Row | undefined;
    if (!invite) return undefined;
    const roomId = String(invite.room_id);
    const p = input.person;
    db.prepare('INSERT INTO people (id, name, created_at) VALUES (?, ?, ?)').run(p.id, p.name, p.createdAt);
    db.prepare(
      "INSERT INTO memberships (room_id, person_id, role, created_at) VALUES (?, ?, 'member', ?)",
    ).run(roomId, p.id, input.at);
    db.prepare('UPDATE invites SET used_by = ?, used_at = ? WHERE id = ?').run(p.id, input.at, invite.id);
    insertEvent(db, input.event(roomId));
    return roomId;
  })();
}
