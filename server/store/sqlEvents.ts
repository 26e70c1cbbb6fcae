import type { Kysely } from 'kysely';
import { CodedError } from '../../validation/errorCodes.ts';
import type { EventRow, EventStore, EventTransaction, NewEvent } from './Store.ts';
import type { Tables } from './schema.ts';

export type Db = Kysely<Tables>;

/**
 * Appends an event with the room's next `seq` (call inside a transaction). Bumping the room's counter
 * locks its row until commit, so a room's events commit in `seq` order on both engines.
 */
export async function insertEvent(db: Db, e: NewEvent): Promise<number> {
  const room = await db
    .updateTable('rooms')
    .set((eb) => ({ event_seq: eb('event_seq', '+', 1) }))
    .where('id', '=', e.roomId)
    .returning('event_seq')
    .executeTakeFirst();
  if (!room) throw new CodedError('not_found', 'No such room');
  await db
    .insertInto('events')
    .values({
      room_id: e.roomId,
      seq: room.event_seq,
      type: e.type,
      audience: e.audience,
      proposer_id: e.proposerId,
      data_json: JSON.stringify(e.data),
      created_at: e.createdAt,
    })
    .execute();
  return Number(room.event_seq);
}

/**
 * Takes the room's row lock for the rest of the transaction (PostgreSQL; SQLite has one writer),
 * so reads that decide a write (names taken, an idempotency key) see every earlier writer's commit.
 */
export async function lockRoom(db: Db, roomId: string): Promise<void> {
  await db
    .updateTable('rooms')
    .set((eb) => ({ event_seq: eb.ref('event_seq') }))
    .where('id', '=', roomId)
    .execute();
}

/** A room's event log: each append its own transaction. */
export const sqlEventStore = (db: Db): EventStore => ({
  appendEvent: (event) => db.transaction().execute((trx) => insertEvent(trx, event)),

  async listEvents(roomId, viewer, afterSeq, limit) {
    const rows = await db
      .selectFrom('events')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('seq', '>', afterSeq)
      .$if(!viewer.isOwner, (q) =>
        q.where((eb) => eb.or([eb('audience', '=', 'room'), eb('proposer_id', '=', viewer.personId)])),
      )
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      roomId: r.room_id,
      type: r.type,
      audience: r.audience as EventRow['audience'],
      proposerId: r.proposer_id,
      data: JSON.parse(r.data_json) as Record<string, unknown>,
      createdAt: Number(r.created_at),
    }));
  },

  async latestSeq(roomId) {
    const row = await db.selectFrom('rooms').select('event_seq').where('id', '=', roomId).executeTakeFirst();
    return Number(row?.event_seq ?? 0);
  },
});

/** The room's lock and its events, inside the caller's transaction. */
export const sqlEventTransaction = (trx: Db): EventTransaction => ({
  lockRoom: (roomId) => lockRoom(trx, roomId),
  async appendEvent(event) {
    await insertEvent(trx, event);
  },
});
