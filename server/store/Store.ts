import type { Scope } from '../../validation/scopes.ts';
import type { PinnedPackage } from '../npm/resolveTree.ts';
/** Rows as the domain sees them. Times are epoch milliseconds. */
export type Role = 'owner' | 'member';
export type TokenKind = 'owner' | 'personal' | 'invite';

export interface PersonRow {
  id: string;
  name: string;
  createdAt: number;
}

export interface TokenRow {
  id: string;
  personId: string;
  hash: string;
  kind: TokenKind;
  scopes: Scope[];
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface SessionRow {
  hash: string;
  personId: string;
  /** The token the session was made from (null: an invite); revoking it ends the session. */
  tokenId: string | null;
  /** Never more than what made the session: the token's scopes. */
  scopes: Scope[];
  createdAt: number;
  expiresAt: number;
}

export interface RoomRow {
  id: string;
  name: string;
  ownerId: string;
  createdAt: number;
}

export interface RoomForPerson extends RoomRow {
  role: Role;
  appCount: number;
}

export interface ProposalRow {
  id: string;
  roomId: string;
  proposerId: string;
  kind: 'snippet' | 'repo';
  name: string;
  files: Record<string, string> | null;
  repositoryId: string | null;
  versionId: string | null;
  contentSha256: string;
  state: 'pending' | 'approved' | 'declined';
  declineReason: string | null;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  /** Exact npm versions the app runs with (the Sandpack fallback); null or absent: the Sucrase path. */
  dependencies?: Record<string, string> | null;
  /** Every package that runs (direct, the bundler's, transitive), pinned with integrity at proposal time. */
  packages?: PinnedPackage[] | null;
  /** The app (instance id) this proposal updates and its version then; null or absent: a new app. */
  updateOf?: string | null;
  baseVersion?: number | null;
  /** How the approved app runs its packages: a server-built bundle, or Sandpack; null: no packages (yet). */
  packagesPath?: PackagesPath | null;
  /** The bundle's hash on the 'bundle' path. */
  bundleHash?: string | null;
  /** Why the app went to Sandpack, for the card and the app menu. */
  bundleNote?: string | null;
  /** Builds started after approval (an app approved before pre-bundling); 0: none. */
  bundleAttempts?: number;
}

export type PackagesPath = 'bundle' | 'sandpack';

/** Where an approval's package build sent the app, why (Sandpack), and the bundle it built. */
export interface ApprovalPackages {
  path: PackagesPath;
  note: string | null;
  bundle: { hash: string; code: string } | null;
}

export type ProposalState = ProposalRow['state'];

/** Who may read an event: every member of the room, or the owner only (plus the proposer, when set). */
export type EventAudience = 'room' | 'owner';

export interface EventRow {
  seq: number;
  roomId: string;
  type: string;
  audience: EventAudience;
  proposerId: string | null;
  data: Record<string, unknown>;
  createdAt: number;
}

export type NewEvent = Omit<EventRow, 'seq'>;

/** The reader an event query filters for. */
export interface EventViewer {
  personId: string;
  isOwner: boolean;
}

/** What the look-alike check asks: a name, and whether pending proposals count (only one proposer's, when set). */
export interface LookAlikeQuery {
  name: string;
  pending?: { proposerId?: string };
}

/** Idempotency scope (person, tool, room, key) and the fingerprint of the arguments. */
export interface IdempotencyKey {
  personId: string;
  tool: string;
  roomId: string;
  key: string;
  fingerprint: string;
}

export interface MemberRow {
  personId: string;
  name: string;
  role: Role;
  createdAt: number;
}

export interface InviteRow {
  id: string;
  roomId: string;
  hash: string;
  createdBy: string;
  createdAt: number;
  usedBy: string | null;
  usedAt: number | null;
  revokedAt: number | null;
  expiresAt: number;
}

export interface RepositoryRow {
  id: string;
  ownerId: string;
  name: string;
  createdAt: number;
}

export interface VersionRow {
  repositoryId: string;
  /** The content sha256 of the version's files: the same files always make the same version. */
  id: string;
  files: Record<string, string>;
  createdAt: number;
}

export interface InstanceRow {
  id: string;
  roomId: string;
  name: string;
  position: number;
  /** The proposal of the version that runs now. */
  proposalId: string;
  state: 'active' | 'removed';
  createdAt: number;
  removedAt: number | null;
  version: number;
}

/** One version of an app: the approved proposal it runs, or an earlier version restored by a rollback. */
export interface AppVersionRow {
  instanceId: string;
  version: number;
  proposalId: string;
  approvedBy: string;
  approvedAt: number;
  rollbackOf: number | null;
}

/** A version as its history lists it, with what its proposal says. */
export interface AppVersionEntry extends AppVersionRow {
  contentSha256: string;
  proposerId: string;
}

/** What an approval did: the app it added or updated in place. */
export interface Approval {
  instance: InstanceRow;
  updated: boolean;
}

/** A rollback: which app, to which earlier version, by whom, when, and the events it sends. */
export interface RollbackInput {
  roomId: string;
  instanceId: string;
  version: number;
  by: string;
  at: number;
  events: (instance: InstanceRow) => NewEvent[];
}

/** The data folder's settings, by key (the demo room's id, the owner's bootstrap token). */
export interface MetaStore {
  getMeta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;
}

/** People, the rooms' members and the invites that make them. */
export interface PeopleStore {
  createPerson(person: PersonRow): Promise<void>;
  getPerson(id: string): Promise<PersonRow | undefined>;
  listMembers(roomId: string): Promise<MemberRow[]>;
  removeMember(roomId: string, personId: string, event: NewEvent): Promise<boolean>;
  insertInvite(invite: InviteRow): Promise<void>;
  listInvites(roomId: string): Promise<InviteRow[]>;
  revokeInvite(roomId: string, inviteId: string, at: number): Promise<boolean>;
  /** An invite by its hash, whatever its state, with its room's name; reading it changes nothing. */
  findInvite(hash: string): Promise<(InviteRow & { roomName: string }) | undefined>;
  /**
   * Uses an open invite (not used, revoked or expired at `at`): creates the person and the membership;
   * undefined when the invite is not open.
   */
  acceptInvite(input: {
    hash: string;
    person: PersonRow;
    at: number;
    event: (roomId: string) => NewEvent;
  }): Promise<string | undefined>;
}

/** Tokens, the sessions made from them, and the revocations that end both. */
export interface SessionStore {
  insertToken(token: TokenRow): Promise<void>;
  findTokenByHash(hash: string): Promise<TokenRow | undefined>;
  /** Revokes the person's live tokens of this kind and ends the sessions made from them. */
  revokeTokens(personId: string, kind: TokenKind, at: number): Promise<void>;
  touchToken(id: string, at: number): Promise<void>;
  /** Clears a token's revocation (the owner's earlier bootstrap token, configured again). */
  restoreToken(id: string): Promise<void>;
  listTokens(personId: string): Promise<TokenRow[]>;
  /** Revokes one live token of the person and ends the sessions made from it. */
  revokeToken(personId: string, tokenId: string, at: number): Promise<boolean>;

  insertSession(session: SessionRow): Promise<void>;
  /** A session not expired and whose token (if any) is not revoked. */
  findSession(hash: string, now: number): Promise<SessionRow | undefined>;
  deleteSession(hash: string): Promise<void>;
}

/** Rooms, their owner's membership and the demo room's seed. */
export interface RoomStore {
  /** Creates the room and its owner's membership in one transaction. */
  createRoom(room: RoomRow): Promise<void>;
  /**
   * Once per data folder (keyed by `metaKey`), in one transaction: the room, its proposal approved
   * by the owner into an instance, its events and `meta[metaKey] = room id`. Returns the room id kept.
   */
  seedRoom(input: {
    metaKey: string;
    room: RoomRow;
    proposal: ProposalRow;
    /** Approves the proposal in the seed's transaction (the domain's approval rules). */
    approve: (tx: StoreTransaction) => Promise<unknown>;
  }): Promise<string>;
  listRoomsFor(personId: string): Promise<RoomForPerson[]>;
  getRoomFor(roomId: string, personId: string): Promise<RoomForPerson | undefined>;
  renameRoom(roomId: string, name: string, event: NewEvent): Promise<void>;
}

/** Proposals and the idempotency keys that made them: the review gate's queue. */
export interface ReviewStore {
  insertProposal(proposal: ProposalRow): Promise<void>;
  getProposal(id: string): Promise<ProposalRow | undefined>;
  /** The proposals with these ids (any order; unknown ids are left out). */
  getProposals(ids: string[]): Promise<ProposalRow[]>;
  /** The proposal id and fingerprint stored under an idempotency key, if any. */
  findIdempotencyKey(
    key: Omit<IdempotencyKey, 'fingerprint'>,
  ): Promise<{ proposalId: string; fingerprint: string } | undefined>;
  /**
   * Insert-if-absent on the idempotency key, in one transaction with the proposal and its event.
   * Returns the proposal id and fingerprint already stored under the key when it exists.
   */
  insertProposalOnce(
    proposal: ProposalRow,
    key: IdempotencyKey,
    event: NewEvent,
  ): Promise<{ created: true } | { created: false; proposalId: string; fingerprint: string }>;
  listProposals(
    roomId: string,
    filter: { state?: ProposalState; proposerId?: string },
  ): Promise<ProposalRow[]>;
  /** Declines a pending proposal with its event; false when it was no longer pending. */
  declineProposal(input: {
    proposalId: string;
    decidedBy: string;
    at: number;
    reason: string | null;
    event: NewEvent;
  }): Promise<boolean>;
}

/** The apps of a room, in launcher order. */
export interface InstanceStore {
  listInstances(roomId: string): Promise<InstanceRow[]>;
  getInstance(roomId: string, instanceId: string): Promise<InstanceRow | undefined>;
  removeInstance(roomId: string, instanceId: string, at: number, event: NewEvent): Promise<boolean>;
}

/** Apps' version histories and the version each runs now. */
export interface AppVersionStore {
  /** An app's versions, newest first (removed apps included: their history stays). */
  listAppVersions(instanceId: string): Promise<AppVersionEntry[]>;
  /** The active app whose history holds this proposal (it made or updated it). */
  instanceOfProposal(proposalId: string): Promise<InstanceRow | undefined>;
  /** The active app with this id, whatever its room (an app's frame site knows only the app). */
  getActiveInstanceById(instanceId: string): Promise<InstanceRow | undefined>;
  /** The active app of this launcher name in the room, if any. */
  findActiveInstanceByName(roomId: string, name: string): Promise<InstanceRow | undefined>;
}

/** Package bundles and the package builds started after approval. */
export interface BundleStore {
  getPackageBundle(hash: string): Promise<string | undefined>;
  /** Deletes the bundles no active app's versions name and none put since `keepSince`; returns how many. */
  prunePackageBundles(keepSince: number): Promise<number>;
  /** The bundle the active app `appId` runs now, only when `hash` names it (what its frame site may serve). */
  getAppPackageBundle(appId: string, hash: string): Promise<string | undefined>;
  /** Records the package outcome (and bundle) of a proposal approved before bundles existed. */
  setProposalPackages(proposalId: string, packages: ApprovalPackages, at: number): Promise<void>;
  /** Counts one more after-approval build when `seen` were counted so far; false: another server took it. */
  claimPackageBuild(proposalId: string, seen: number, retryAt: number): Promise<boolean>;
  /** Active apps' current versions whose after-approval build may be retried at `now`. */
  duePackageBuilds(
    now: number,
    maxAttempts: number,
    limit: number,
  ): Promise<{ proposalId: string; roomId: string; attempts: number }[]>;
}

/** Each room's event log, in `seq` order. */
export interface EventStore {
  appendEvent(event: NewEvent): Promise<number>;
  listEvents(roomId: string, viewer: EventViewer, afterSeq: number, limit: number): Promise<EventRow[]>;
  latestSeq(roomId: string): Promise<number>;
}

export interface LookAlikeStore {
  /**
   * The first name in the room that looks like `q.name` (same confusable skeleton) but is not it: an active
   * app's, else (with `q.pending`) a pending proposal's. An indexed lookup, whatever the room holds.
   */
  findLookAlike(roomId: string, q: LookAlikeQuery): Promise<string | undefined>;
}

/** Repositories and their immutable, content-addressed versions. */
export interface RepositoryStore {
  createRepository(repo: RepositoryRow): Promise<void>;
  getRepository(id: string): Promise<RepositoryRow | undefined>;
  /** Stores a version unless the same content is already there (versions are immutable). */
  putVersion(version: VersionRow): Promise<VersionRow>;
  getVersion(repositoryId: string, versionId: string): Promise<VersionRow | undefined>;
  listVersions(repositoryId: string): Promise<Omit<VersionRow, 'files'>[]>;
}

/**
 * Everything the domain asks of storage, one interface per aggregate. Promise-returning so another engine
 * (PostgreSQL) can replace SQLite without touching the domain; a Promise resolves after the write committed.
 */
export interface Store
  extends MetaStore,
    PeopleStore,
    SessionStore,
    RoomStore,
    ReviewStore,
    InstanceStore,
    AppVersionStore,
    BundleStore,
    EventStore,
    LookAlikeStore,
    RepositoryStore {
  /**
   * Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. `work`
   * uses only `tx`: a store call outside it can deadlock on SQLite, and a network wait holds PostgreSQL's row locks.
   */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A proposal's decision, inside an approval's transaction. */
export interface ReviewTransaction extends Pick<ReviewStore, 'getProposal'> {
  /** Decides a pending proposal; false when it was no longer pending. */
  decidePending(
    proposalId: string,
    decision: { state: 'approved'; at: number; by: string },
  ): Promise<boolean>;
  /** Which app an approved proposal updated (null: it added one), the base it was against, its packages. */
  setApprovalTarget(
    proposalId: string,
    target: { updateOf: string | null; baseVersion: number | null },
    packages: ApprovalPackages | null,
  ): Promise<void>;
}

export interface InstanceTransaction extends Pick<InstanceStore, 'listInstances' | 'getInstance'> {
  insertInstance(instance: InstanceRow): Promise<void>;
  /** Sets positions 0..n-1 in the given order (the domain checks `ids` are exactly the active apps). */
  setInstancePositions(roomId: string, ids: string[]): Promise<void>;
}

export interface AppVersionTransaction extends Pick<AppVersionStore, 'findActiveInstanceByName'> {
  /** Points the app at the version it runs now (its proposal and number); id, name and position stay. */
  setCurrentVersion(instance: InstanceRow): Promise<void>;
  /** The proposal an app's version was approved from, when the app has that version. */
  versionProposal(instanceId: string, version: number): Promise<string | undefined>;
  insertAppVersion(version: AppVersionRow): Promise<void>;
}

export interface BundleTransaction {
  /** Keeps a bundle an approval built (put again, it counts as put now: see prunePackageBundles). */
  putPackageBundle(bundle: { hash: string; code: string; at: number }): Promise<void>;
}

export interface EventTransaction {
  /** Serializes the room's approvals, rollbacks and reorders until the transaction ends. */
  lockRoom(roomId: string): Promise<void>;
  appendEvent(event: NewEvent): Promise<void>;
}

/**
 * The reads and writes an approval, a rollback or a reorder makes, inside the transaction `Store.transaction`
 * opens; the rules that choose them are the domain's (server/domain/approvalRules.ts, roomAdmin.ts).
 */
export interface StoreTransaction
  extends ReviewTransaction,
    InstanceTransaction,
    AppVersionTransaction,
    BundleTransaction,
    EventTransaction {}
