import type { RoomForPerson, RoomRow, RoomStore } from './Store.ts';
import { type Db, insertEvent } from './sqlEvents.ts';
import { insertProposalRow } from './sqlReview.ts';
import { sqlTransaction } from './sqlTransaction.ts';

/** Rooms, their owner's membership and the one-time demo seed. */
export const sqlRoomStore = (db: Db): RoomStore => ({
  createRoom: (r) => db.transaction().execute((trx) => insertRoom(trx, r)),

  /** `Store.seedRoom`: all of it in one transaction, or nothing when any write fails. */
  seedRoom: (input) =>
    db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('meta')
        .select('value')
        .where('key', '=', input.metaKey)
        .executeTakeFirst();
      if (found) return found.value;
      await insertRoom(trx, input.room);
      await insertProposalRow(trx, input.proposal);
      await input.approve(sqlTransaction(trx));
      await trx.insertInto('meta').values({ key: input.metaKey, value: input.room.id }).execute();
      return input.room.id;
    }),

  renameRoom: (roomId, name, event) =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('rooms').set({ name }).where('id', '=', roomId).execute();
      await insertEvent(trx, event);
    }),

  listRoomsFor: (personId) => roomsFor(db, personId),

  async getRoomFor(roomId, personId) {
    return (await roomsFor(db, personId, roomId))[0];
  },
});

async function insertRoom(db: Db, r: RoomRow): Promise<void> {
  await db
    .insertInto('rooms')
    .values({ id: r.id, name: r.name, owner_id: r.ownerId, created_at: r.createdAt })
    .execute();
  await db
    .insertInto('memberships')
    .values({ room_id: r.id, person_id: r.ownerId, role: 'owner', created_at: r.createdAt })
    .execute();
}

/** The rooms a person is a member of, with their role and the number of active apps. */
async function roomsFor(db: Db, personId: string, roomId?: string): Promise<RoomForPerson[]> {
  const rows = await db
    .selectFrom('rooms as r')
    .innerJoin('memberships as m', 'm.room_id', 'r.id')
    .select(['r.id', 'r.name', 'r.owner_id', 'r.created_at', 'm.role'])
    .select((eb) =>
      eb
        .selectFrom('instances as i')
        .select(eb.fn.countAll().as('n'))
        .whereRef('i.room_id', '=', 'r.id')
        .where('i.state', '=', 'active')
        .as('app_count'),
    )
    .where('m.person_id', '=', personId)
    .$if(roomId !== undefined, (q) => q.where('r.id', '=', roomId as string))
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    createdAt: Number(row.created_at),
    role: row.role as RoomForPerson['role'],
    appCount: Number(row.app_count),
  }));
}
