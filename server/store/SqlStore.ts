import type { Kysely } from 'kysely';
import type { Store } from './Store.ts';
import type { Engine, Tables } from './schema.ts';
import { sqlAppVersionStore } from './sqlAppVersions.ts';
import { sqlBundleStore } from './sqlBundles.ts';
import { sqlEventStore } from './sqlEvents.ts';
import { sqlInstanceStore } from './sqlInstances.ts';
import { sqlLookAlikeStore } from './sqlLookAlikes.ts';
import { sqlMetaStore } from './sqlMeta.ts';
import { sqlPeopleStore } from './sqlPeople.ts';
import { sqlRepositoryStore } from './sqlRepositories.ts';
import { sqlReviewStore } from './sqlReview.ts';
import { sqlRoomStore } from './sqlRooms.ts';
import { sqlSessionStore } from './sqlSessions.ts';
import { sqlTransaction } from './sqlTransaction.ts';

/** `Store` over Kysely: the same queries on SQLite and PostgreSQL (openStore picks the engine). */
export interface SqlStore extends Store {
  readonly db: Kysely<Tables>;
  readonly engine: Engine;
}

/** The store as the sql* modules' aggregates side by side, each over the same database. */
export function sqlStore(db: Kysely<Tables>, engine: Engine): SqlStore {
  return {
    db,
    engine,
    ...sqlMetaStore(db),
    ...sqlPeopleStore(db),
    ...sqlSessionStore(db),
    ...sqlRoomStore(db),
    ...sqlReviewStore(db),
    ...sqlInstanceStore(db),
    ...sqlAppVersionStore(db),
    ...sqlBundleStore(db),
    ...sqlEventStore(db),
    ...sqlLookAlikeStore(db),
    ...sqlRepositoryStore(db),
    transaction: (work) => db.transaction().execute((trx) => work(sqlTransaction(trx))),
    close: () => db.destroy(),
  };
}
