import type { Kysely } from 'kysely';
import { SqlTransaction } from './SqlTransaction.ts';
import type {
  ApprovalPackages,
  EventViewer,
  IdempotencyKey,
  InviteRow,
  LookAlikeQuery,
  NewEvent,
  PersonRow,
  ProposalRow,
  ProposalState,
  RepositoryRow,
  RoomRow,
  SessionRow,
  Store,
  StoreTransaction,
  TokenKind,
  TokenRow,
  VersionRow,
} from './Store.ts';
import type { Engine, Tables } from './schema.ts';
import * as versions from './sqlAppVersions.ts';
import * as bundles from './sqlBundles.ts';
import * as events from './sqlEvents.ts';
import * as instances from './sqlInstances.ts';
import { findLookAlike } from './sqlLookAlikes.ts';
import * as people from './sqlPeople.ts';
import * as repos from './sqlRepositories.ts';
import * as review from './sqlReview.ts';
import * as rooms from './sqlRooms.ts';
import * as sessions from './sqlSessions.ts';

/** `Store` over Kysely: the same queries on SQLite and PostgreSQL (openStore picks the engine). */
export class SqlStore implements Store {
  constructor(
    readonly db: Kysely<Tables>,
    readonly engine: Engine,
  ) {}

  async getMeta(key: string) {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async setMeta(key: string, value: string) {
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  async createPerson(p: PersonRow) {
    await this.db.insertInto('people').values({ id: p.id, name: p.name, created_at: p.createdAt }).execute();
  }

  async getPerson(id: string) {
    const row = await this.db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { id: row.id, name: row.name, createdAt: Number(row.created_at) } : undefined;
  }

  insertToken(t: TokenRow) {
    return sessions.insertToken(this.db, t);
  }

  findTokenByHash(hash: string) {
    return sessions.findTokenByHash(this.db, hash);
  }

  revokeTokens(personId: string, kind: TokenKind, at: number) {
    return sessions.revokeTokens(this.db, personId, kind, at);
  }

  async touchToken(id: string, at: number) {
    await this.db.updateTable('tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  async restoreToken(id: string) {
    await this.db.updateTable('tokens').set({ revoked_at: null }).where('id', '=', id).execute();
  }

  insertSession(s: SessionRow) {
    return sessions.insertSession(this.db, s);
  }

  findSession(hash: string, now: number) {
    return sessions.findSession(this.db, hash, now);
  }

  async deleteSession(hash: string) {
    await this.db.deleteFrom('sessions').where('hash', '=', hash).execute();
  }

  createRoom(r: RoomRow) {
    return rooms.createRoom(this.db, r);
  }

  seedRoom(input: Parameters<Store['seedRoom']>[0]) {
    return rooms.seedRoom(this.db, input);
  }

  listRoomsFor(personId: string) {
    return rooms.roomsFor(this.db, personId);
  }

  async getRoomFor(roomId: string, personId: string) {
    return (await rooms.roomsFor(this.db, personId, roomId))[0];
  }

  insertProposal(p: ProposalRow) {
    return review.insertProposalRow(this.db, p);
  }

  getProposal(id: string) {
    return review.getProposal(this.db, id);
  }

  getProposals(ids: string[]) {
    return review.getProposals(this.db, ids);
  }

  listInstances(roomId: string) {
    return instances.listInstanceRows(this.db, roomId);
  }

  getInstance(roomId: string, instanceId: string) {
    return instances.getInstance(this.db, roomId, instanceId);
  }

  renameRoom(roomId: string, name: string, event: NewEvent) {
    return rooms.renameRoom(this.db, roomId, name, event);
  }

  findIdempotencyKey(key: Omit<IdempotencyKey, 'fingerprint'>) {
    return review.findIdempotencyKey(this.db, key);
  }

  insertProposalOnce(p: ProposalRow, key: IdempotencyKey, event: NewEvent) {
    return review.insertProposalOnce(this.db, p, key, event);
  }

  listProposals(roomId: string, filter: { state?: ProposalState; proposerId?: string }) {
    return review.listProposals(this.db, roomId, filter);
  }

  findLookAlike(roomId: string, q: LookAlikeQuery) {
    return findLookAlike(this.db, roomId, q);
  }

  transaction<T>(work: (tx: StoreTransaction) => Promise<T>) {
    return this.db.transaction().execute((trx) => work(new SqlTransaction(trx)));
  }

  listAppVersions(instanceId: string) {
    return versions.listAppVersions(this.db, instanceId);
  }

  instanceOfProposal(proposalId: string) {
    return versions.instanceOfProposal(this.db, proposalId);
  }

  getActiveInstanceById(instanceId: string) {
    return versions.getActiveById(this.db, instanceId);
  }

  findActiveInstanceByName(roomId: string, name: string) {
    return versions.findActiveByName(this.db, roomId, name);
  }

  declineProposal(input: Parameters<Store['declineProposal']>[0]) {
    return review.declineProposal(this.db, input);
  }

  removeInstance(roomId: string, instanceId: string, at: number, event: NewEvent) {
    return review.removeInstance(this.db, roomId, instanceId, at, event);
  }

  getPackageBundle(hash: string) {
    return bundles.getPackageBundle(this.db, hash);
  }

  prunePackageBundles(keepSince: number) {
    return bundles.prunePackageBundles(this.db, keepSince);
  }

  getAppPackageBundle(appId: string, hash: string) {
    return bundles.getAppPackageBundle(this.db, appId, hash);
  }

  setProposalPackages(proposalId: string, packages: ApprovalPackages, at: number) {
    return bundles.setProposalPackages(this.db, proposalId, packages, at);
  }

  claimPackageBuild(proposalId: string, seen: number, retryAt: number) {
    return bundles.claimPackageBuild(this.db, proposalId, seen, retryAt);
  }

  duePackageBuilds(now: number, maxAttempts: number, limit: number) {
    return bundles.duePackageBuilds(this.db, now, maxAttempts, limit);
  }

  reorderInstances(roomId: string, ids: string[], event: NewEvent) {
    return review.reorderInstances(this.db, roomId, ids, event);
  }

  appendEvent(event: NewEvent) {
    return this.db.transaction().execute((trx) => events.insertEvent(trx, event));
  }

  listEvents(roomId: string, viewer: EventViewer, afterSeq: number, limit: number) {
    return events.listEvents(this.db, roomId, viewer, afterSeq, limit);
  }

  latestSeq(roomId: string) {
    return events.latestSeq(this.db, roomId);
  }

  listMembers(roomId: string) {
    return people.listMembers(this.db, roomId);
  }

  removeMember(roomId: string, personId: string, event: NewEvent) {
    return people.removeMember(this.db, roomId, personId, event);
  }

  insertInvite(invite: InviteRow) {
    return people.insertInvite(this.db, invite);
  }

  listInvites(roomId: string) {
    return people.listInvites(this.db, roomId);
  }

  revokeInvite(roomId: string, inviteId: string, at: number) {
    return people.revokeInvite(this.db, roomId, inviteId, at);
  }

  findInvite(hash: string) {
    return people.findInvite(this.db, hash);
  }

  acceptInvite(input: Parameters<Store['acceptInvite']>[0]) {
    return people.acceptInvite(this.db, input);
  }

  listTokens(personId: string) {
    return sessions.listTokens(this.db, personId);
  }

  revokeToken(personId: string, tokenId: string, at: number) {
    return sessions.revokeToken(this.db, personId, tokenId, at);
  }

  createRepository(repo: RepositoryRow) {
    return repos.createRepository(this.db, repo);
  }

  getRepository(id: string) {
    return repos.getRepository(this.db, id);
  }

  putVersion(version: VersionRow) {
    return repos.putVersion(this.db, version);
  }

  getVersion(repositoryId: string, versionId: string) {
    return repos.getVersion(this.db, repositoryId, versionId);
  }

  listVersions(repositoryId: string) {
    return repos.listVersions(this.db, repositoryId);
  }

  close() {
    return this.db.destroy();
  }
}
