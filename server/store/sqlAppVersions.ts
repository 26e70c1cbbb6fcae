import type { Selectable } from 'kysely';
import type { AppVersionRow, AppVersionStore, AppVersionTransaction } from './Store.ts';
import type { Tables } from './schema.ts';
import type { Db } from './sqlEvents.ts';
import { toInstance } from './sqlInstances.ts';

/** An app's versions inside the caller's transaction: the history rows and the current-version pointer. */
export const sqlAppVersionTransaction = (trx: Db): AppVersionTransaction => ({
  async insertAppVersion(v) {
    await trx
      .insertInto('app_versions')
      .values({
        instance_id: v.instanceId,
        version: v.version,
        proposal_id: v.proposalId,
        approved_by: v.approvedBy,
        approved_at: v.approvedAt,
        rollback_of: v.rollbackOf,
      })
      .execute();
  },

  async setCurrentVersion(i) {
    await trx
      .updateTable('instances')
      .set({ proposal_id: i.proposalId, version: i.version })
      .where('room_id', '=', i.roomId)
      .where('id', '=', i.id)
      .execute();
  },

  async findActiveInstanceByName(roomId, name) {
    const row = await trx
      .selectFrom('instances')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('name', '=', name)
      .where('state', '=', 'active')
      .orderBy('position')
      .executeTakeFirst();
    return row ? toInstance(row) : undefined;
  },

  async versionProposal(instanceId, version) {
    const row = await trx
      .selectFrom('app_versions')
      .select('proposal_id')
      .where('instance_id', '=', instanceId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row?.proposal_id;
  },
});

export const sqlAppVersionStore = (db: Db): AppVersionStore => ({
  findActiveInstanceByName: sqlAppVersionTransaction(db).findActiveInstanceByName,

  async getActiveInstanceById(id) {
    const row = await db
      .selectFrom('instances')
      .selectAll()
      .where('id', '=', id)
      .where('state', '=', 'active')
      .executeTakeFirst();
    return row ? toInstance(row) : undefined;
  },

  async listAppVersions(instanceId) {
    const rows = await db
      .selectFrom('app_versions as v')
      .innerJoin('proposals as p', 'p.id', 'v.proposal_id')
      .selectAll('v')
      .select(['p.content_sha256', 'p.proposer_id'])
      .where('v.instance_id', '=', instanceId)
      .orderBy('v.version', 'desc')
      .execute();
    return rows.map((r) => ({
      ...toAppVersion(r),
      contentSha256: r.content_sha256,
      proposerId: r.proposer_id,
    }));
  },

  async instanceOfProposal(proposalId) {
    const row = await db
      .selectFrom('instances as i')
      .innerJoin('app_versions as v', 'v.instance_id', 'i.id')
      .selectAll('i')
      .where('v.proposal_id', '=', proposalId)
      .where('i.state', '=', 'active')
      .executeTakeFirst();
    return row ? toInstance(row) : undefined;
  },
});

function toAppVersion(row: Selectable<Tables['app_versions']>): AppVersionRow {
  return {
    instanceId: row.instance_id,
    version: Number(row.version),
    proposalId: row.proposal_id,
    approvedBy: row.approved_by,
    approvedAt: Number(row.approved_at),
    rollbackOf: row.rollback_of == null ? null : Number(row.rollback_of),
  };
}
