import type { Selectable } from 'kysely';
import { skeletonKey } from './nameSkeletons.ts';
import type { InstanceRow, InstanceStore, InstanceTransaction } from './Store.ts';
import type { Tables } from './schema.ts';
import { type Db, insertEvent } from './sqlEvents.ts';

/** A room's apps inside the caller's transaction; the reads serve the store too. */
export const sqlInstanceTransaction = (trx: Db): InstanceTransaction => ({
  async listInstances(roomId) {
    const rows = await trx
      .selectFrom('instances')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('state', '=', 'active')
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(toInstance);
  },

  async getInstance(roomId, id) {
    const row = await trx
      .selectFrom('instances')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toInstance(row) : undefined;
  },

  async insertInstance(i) {
    await trx
      .insertInto('instances')
      .values({
        id: i.id,
        room_id: i.roomId,
        name: i.name,
        skeleton_sha256: skeletonKey(i.name),
        position: i.position,
        proposal_id: i.proposalId,
        state: i.state,
        created_at: i.createdAt,
        version: i.version,
      })
      .execute();
  },

  async setInstancePositions(roomId, ids) {
    for (const [position, id] of ids.entries())
      await trx
        .updateTable('instances')
        .set({ position })
        .where('room_id', '=', roomId)
        .where('id', '=', id)
        .execute();
  },
});

export const sqlInstanceStore = (db: Db): InstanceStore => {
  const { listInstances, getInstance } = sqlInstanceTransaction(db);
  return {
    listInstances,
    getInstance,
    removeInstance: (roomId, instanceId, at, event) =>
      db.transaction().execute(async (trx) => {
        const info = await trx
          .updateTable('instances')
          .set({ state: 'removed', removed_at: at })
          .where('room_id', '=', roomId)
          .where('id', '=', instanceId)
          .where('state', '=', 'active')
          .executeTakeFirst();
        if (info.numUpdatedRows !== 1n) return false;
        await insertEvent(trx, event);
        return true;
      }),
  };
};

export function toInstance(row: Selectable<Tables['instances']>): InstanceRow {
  return {
    id: row.id,
    roomId: row.room_id,
    name: row.name,
    position: Number(row.position),
    proposalId: row.proposal_id,
    state: row.state as InstanceRow['state'],
    createdAt: Number(row.created_at),
    removedAt: row.removed_at == null ? null : Number(row.removed_at),
    version: Number(row.version),
  };
}
