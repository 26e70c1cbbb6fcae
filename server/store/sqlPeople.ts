import type { Selectable } from 'kysely';
import type { InviteRow, MemberRow, NewEvent, PersonRow } from './Store.ts';
import type { Tables } from './schema.ts';
import { type Db, insertEvent, lockRoom } from './sqlEvents.ts';

/** Members and invites: the statements behind room membership. */
export async function listMembers(db: Db, roomId: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('people as p', 'p.id', 'm.person_id')
    .select(['m.person_id', 'p.name', 'm.role', 'm.created_at'])
    .where('m.room_id', '=', roomId)
    .orderBy('m.role', 'desc')
    .orderBy('m.created_at')
    .orderBy('m.person_id')
    .execute();
  return rows.map((r) => ({
    personId: r.person_id,
    name: r.name,
    role: r.role as MemberRow['role'],
    createdAt: Number(r.created_at),
  }));
}

export function removeMember(db: Db, roomId: string, personId: string, event: NewEvent): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const info = await trx
      .deleteFrom('memberships')
      .where('room_id', '=', roomId)
      .where('person_id', '=', personId)
      .where('role', '=', 'member')
      .executeTakeFirst();
    if (info.numDeletedRows !== 1n) return false;
    await insertEvent(trx, event);
    return true;
  });
}

export async function insertInvite(db: Db, i: InviteRow): Promise<void> {
  await db
    .insertInto('invites')
    .values({
      id: i.id,
      room_id: i.roomId,
      hash: i.hash,
      created_by: i.createdBy,
      created_at: i.createdAt,
      used_by: i.usedBy,
      used_at: i.usedAt,
      revoked_at: i.revokedAt,
      expires_at: i.expiresAt,
    })
    .execute();
}

export async function listInvites(db: Db, roomId: string): Promise<InviteRow[]> {
  const rows = await db
    .selectFrom('invites')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toInvite);
}

export async function findInvite(
  db: Db,
  hash: string,
): Promise<(InviteRow & { roomName: string }) | undefined> {
  const row = await db
    .selectFrom('invites as i')
    .innerJoin('rooms as r', 'r.id', 'i.room_id')
    .selectAll('i')
    .select('r.name as room_name')
    .where('i.hash', '=', hash)
    .executeTakeFirst();
  return row ? { ...toInvite(row), roomName: row.room_name } : undefined;
}

function toInvite(r: Selectable<Tables['invites']>): InviteRow {
  return {
    id: r.id,
    roomId: r.room_id,
    hash: r.hash,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    usedBy: r.used_by,
    usedAt: r.used_at == null ? null : Number(r.used_at),
    revokedAt: r.revoked_at == null ? null : Number(r.revoked_at),
    expiresAt: Number(r.expires_at),
  };
}

export async function revokeInvite(db: Db, roomId: string, inviteId: string, at: number): Promise<boolean> {
  const info = await db
    .updateTable('invites')
    .set({ revoked_at: at })
    .where('room_id', '=', roomId)
    .where('id', '=', inviteId)
    .where('revoked_at', 'is', null)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return info.numUpdatedRows === 1n;
}

export async function acceptInvite(
  db: Db,
  input: { hash: string; person: PersonRow; at: number; event: (roomId: string) => NewEvent },
): Promise<string | undefined> {
  const target = await db
    .selectFrom('invites')
    .select('room_id')
    .where('hash', '=', input.hash)
    .executeTakeFirst();
  if (!target) return undefined;
  return db.transaction().execute(async (trx) => {
    // Under the room's lock, two people racing with one invite cannot both read it as open.
    await lockRoom(trx, target.room_id);
    const invite = await trx
      .selectFrom('invites')
      .select(['id', 'room_id'])
      .where('hash', '=', input.hash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', input.at)
      .executeTakeFirst();
    if (!invite) return undefined;
    const p = input.person;
    await trx.insertInto('people').values({ id: p.id, name: p.name, created_at: p.createdAt }).execute();
    await trx
      .insertInto('memberships')
      .values({ room_id: invite.room_id, person_id: p.id, role: 'member', created_at: input.at })
      .execute();
    await trx
      .updateTable('invites')
      .set({ used_by: p.id, used_at: input.at })
      .where('id', '=', invite.id)
      .execute();
    await insertEvent(trx, input.event(invite.room_id));
    return invite.room_id;
  });
}
