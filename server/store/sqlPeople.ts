import type { Selectable } from 'kysely';
import type { InviteRow, MemberRow, PeopleStore, PersonRow } from './Store.ts';
import type { Tables } from './schema.ts';
import { type Db, insertEvent, lockRoom } from './sqlEvents.ts';

/** People, members and invites: the statements behind room membership. */
export const sqlPeopleStore = (db: Db): PeopleStore => ({
  createPerson: (p) => insertPerson(db, p),

  async getPerson(id) {
    const row = await db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { id: row.id, name: row.name, createdAt: Number(row.created_at) } : undefined;
  },

  async listMembers(roomId) {
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
  },

  removeMember: (roomId, personId, event) =>
    db.transaction().execute(async (trx) => {
      const info = await trx
        .deleteFrom('memberships')
        .where('room_id', '=', roomId)
        .where('person_id', '=', personId)
        .where('role', '=', 'member')
        .executeTakeFirst();
      if (info.numDeletedRows !== 1n) return false;
      await insertEvent(trx, event);
      return true;
    }),

  async insertInvite(i) {
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
  },

  async listInvites(roomId) {
    const rows = await db
      .selectFrom('invites')
      .selectAll()
      .where('room_id', '=', roomId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toInvite);
  },

  async findInvite(hash) {
    const row = await db
      .selectFrom('invites as i')
      .innerJoin('rooms as r', 'r.id', 'i.room_id')
      .selectAll('i')
      .select('r.name as room_name')
      .where('i.hash', '=', hash)
      .executeTakeFirst();
    return row ? { ...toInvite(row), roomName: row.room_name } : undefined;
  },

  async revokeInvite(roomId, inviteId, at) {
    const info = await db
      .updateTable('invites')
      .set({ revoked_at: at })
      .where('room_id', '=', roomId)
      .where('id', '=', inviteId)
      .where('revoked_at', 'is', null)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return info.numUpdatedRows === 1n;
  },

  async acceptInvite(input) {
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
      await insertPerson(trx, p);
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
  },
});

async function insertPerson(db: Db, p: PersonRow): Promise<void> {
  await db.insertInto('people').values({ id: p.id, name: p.name, created_at: p.createdAt }).execute();
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
