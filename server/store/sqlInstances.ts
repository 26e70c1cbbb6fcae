import type { Selectable } from 'kysely';
import { skeletonKey } from './nameSkeletons.ts';
import type { InstanceRow } from './Store.ts';
import type { Tables } from './schema.ts';
import type { Db } from './sqlEvents.ts';

export async function listInstanceRows(db: Db, roomId: string): Promise<InstanceRow[]> {
  const rows = await db
    .selectFrom('instances')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('state', '=', 'active')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toInstance);
}

export async function getInstance(db: Db, roomId: string, id: string): Promise<InstanceRow | undefined> {
  const row = await db
    .selectFrom('instances')
    .selectAll()
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toInstance(row) : undefined;
}

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

export async function insertInstanceRow(db: Db, i: InstanceRow): Promise<void> {
  await db
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
}
