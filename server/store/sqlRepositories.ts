import type { RepositoryStore, VersionRow } from './Store.ts';
import type { Db } from './sqlEvents.ts';

/** Repositories and their immutable, content-addressed versions. */
export const sqlRepositoryStore = (db: Db): RepositoryStore => ({
  async createRepository(r) {
    await db
      .insertInto('repositories')
      .values({ id: r.id, owner_id: r.ownerId, name: r.name, created_at: r.createdAt })
      .execute();
  },

  async getRepository(id) {
    const r = await db.selectFrom('repositories').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? { id: r.id, ownerId: r.owner_id, name: r.name, createdAt: Number(r.created_at) } : undefined;
  },

  async putVersion(v) {
    // The first copy stays: a version, once stored, never changes.
    await db
      .insertInto('repository_versions')
      .values({
        repository_id: v.repositoryId,
        id: v.id,
        files_json: JSON.stringify(v.files),
        created_at: v.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return (await getVersion(db, v.repositoryId, v.id)) as VersionRow;
  },

  getVersion: (repositoryId, id) => getVersion(db, repositoryId, id),

  async listVersions(repositoryId) {
    const rows = await db
      .selectFrom('repository_versions')
      .select(['repository_id', 'id', 'created_at'])
      .where('repository_id', '=', repositoryId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ repositoryId: r.repository_id, id: r.id, createdAt: Number(r.created_at) }));
  },
});

async function getVersion(db: Db, repositoryId: string, id: string): Promise<VersionRow | undefined> {
  const r = await db
    .selectFrom('repository_versions')
    .selectAll()
    .where('repository_id', '=', repositoryId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r
    ? {
        repositoryId: r.repository_id,
        id: r.id,
        files: JSON.parse(r.files_json) as Record<string, string>,
        createdAt: Number(r.created_at),
      }
    : undefined;
}
