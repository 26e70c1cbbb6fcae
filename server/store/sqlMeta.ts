import type { MetaStore } from './Store.ts';
import type { Db } from './sqlEvents.ts';

/** The data folder's settings, one row a key. */
export const sqlMetaStore = (db: Db): MetaStore => ({
  async getMeta(key) {
    const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  },

  async setMeta(key, value) {
    await db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  },
});
