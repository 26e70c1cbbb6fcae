import type { StoreTransaction } from './Store.ts';
import { sqlAppVersionTransaction } from './sqlAppVersions.ts';
import { sqlBundleTransaction } from './sqlBundles.ts';
import { type Db, sqlEventTransaction } from './sqlEvents.ts';
import { sqlInstanceTransaction } from './sqlInstances.ts';
import { sqlReviewTransaction } from './sqlReview.ts';

/** `StoreTransaction` over one Kysely transaction: each call a statement of it, on either engine. */
export const sqlTransaction = (trx: Db): StoreTransaction => ({
  ...sqlReviewTransaction(trx),
  ...sqlInstanceTransaction(trx),
  ...sqlAppVersionTransaction(trx),
  ...sqlBundleTransaction(trx),
  ...sqlEventTransaction(trx),
});
