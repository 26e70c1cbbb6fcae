import type { ApprovalPackages, AppVersionRow, InstanceRow, NewEvent, StoreTransaction } from './Store.ts';
import * as versions from './sqlAppVersions.ts';
import { putPackageBundle } from './sqlBundles.ts';
import { type Db, insertEvent, lockRoom } from './sqlEvents.ts';
import * as instances from './sqlInstances.ts';
import * as review from './sqlReview.ts';

/** `StoreTransaction` over one Kysely transaction: each call a statement of it, on either engine. */
export class SqlTransaction implements StoreTransaction {
  constructor(private readonly trx: Db) {}

  lockRoom(roomId: string) {
    return lockRoom(this.trx, roomId);
  }

  getProposal(id: string) {
    return review.getProposal(this.trx, id);
  }

  decidePending(proposalId: string, decision: { state: 'approved'; at: number; by: string }) {
    return review.decidePending(this.trx, proposalId, decision);
  }

  setApprovalTarget(
    proposalId: string,
    target: { updateOf: string | null; baseVersion: number | null },
    packages: ApprovalPackages | null,
  ) {
    return review.setApprovalTarget(this.trx, proposalId, target, packages);
  }

  putPackageBundle(bundle: { hash: string; code: string; at: number }) {
    return putPackageBundle(this.trx, bundle);
  }

  listInstances(roomId: string) {
    return instances.listInstanceRows(this.trx, roomId);
  }

  getInstance(roomId: string, instanceId: string) {
    return instances.getInstance(this.trx, roomId, instanceId);
  }

  findActiveInstanceByName(roomId: string, name: string) {
    return versions.findActiveByName(this.trx, roomId, name);
  }

  insertInstance(instance: InstanceRow) {
    return instances.insertInstanceRow(this.trx, instance);
  }

  setCurrentVersion(instance: InstanceRow) {
    return versions.setCurrentVersion(this.trx, instance);
  }

  versionProposal(instanceId: string, version: number) {
    return versions.versionProposal(this.trx, instanceId, version);
  }

  insertAppVersion(version: AppVersionRow) {
    return versions.insertAppVersion(this.trx, version);
  }

  async appendEvent(event: NewEvent) {
    await insertEvent(this.trx, event);
  }
}
