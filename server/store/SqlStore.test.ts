import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../../test-support/testStore.ts';
import { approveUnique, rollbackInstance } from '../domain/approvalRules.ts';
import type { SqlStore } from './SqlStore.ts';
import type { NewEvent, ProposalRow } from './Store.ts';
import { sqlAppVersionStore, sqlAppVersionTransaction } from './sqlAppVersions.ts';
import { sqlBundleStore, sqlBundleTransaction } from './sqlBundles.ts';
import { sqlEventStore, sqlEventTransaction } from './sqlEvents.ts';
import { sqlInstanceStore, sqlInstanceTransaction } from './sqlInstances.ts';
import { sqlLookAlikeStore } from './sqlLookAlikes.ts';
import { sqlMetaStore } from './sqlMeta.ts';
import { sqlPeopleStore } from './sqlPeople.ts';
import { sqlRepositoryStore } from './sqlRepositories.ts';
import { sqlReviewStore, sqlReviewTransaction } from './sqlReview.ts';
import { sqlRoomStore } from './sqlRooms.ts';
import { sqlSessionStore } from './sqlSessions.ts';

let opened: TestStore;
let store: SqlStore;

beforeEach(async () => {
  opened = await openTestStore();
  store = opened.store;
  await store.createPerson({ id: 'powner', name: 'Owner', createdAt: 1 });
  await store.createPerson({ id: 'pmember', name: 'Member', createdAt: 1 });
  await store.createRoom({ id: 'r1', name: 'Room', ownerId: 'powner', createdAt: 1 });
});
afterEach(() => opened.close());

const proposal = (id: string, name = 'App'): ProposalRow => ({
  id,
  roomId: 'r1',
  proposerId: 'pmember',
  kind: 'snippet',
  name,
  files: { 'src/App.tsx': 'x' },
  repositoryId: null,
  versionId: null,
  contentSha256: 'sha',
  state: 'pending',
  declineReason: null,
  createdAt: 2,
  decidedAt: null,
  decidedBy: null,
});
const event = (type: string, audience: 'room' | 'owner', proposerId: string | null = null): NewEvent => ({
  roomId: 'r1',
  type,
  audience,
  proposerId,
  data: { type },
  createdAt: 3,
});
const key = (k: string, fingerprint = 'f1') => ({
  personId: 'pmember',
  tool: 't',
  roomId: 'r1',
  key: k,
  fingerprint,
});

it('inserts a proposal once per idempotency key and reports the stored fingerprint', async () => {
  expect(
    await store.insertProposalOnce(proposal('q1'), key('k'), event('proposal.created', 'owner', 'pmember')),
  ).toEqual({
    created: true,
  });
  expect(
    await store.insertProposalOnce(proposal('q2'), key('k', 'f2'), event('proposal.created', 'owner')),
  ).toEqual({
    created: false,
    proposalId: 'q1',
    fingerprint: 'f1',
  });
  expect(await store.getProposal('q2')).toBeUndefined();
  expect(await store.latestSeq('r1')).toBe(1);
});

it('updates a same-name app in place and gives a new name the next position, in one transaction', async () => {
  await store.insertProposal(proposal('q1'));
  await store.insertProposal(proposal('q2'));
  await store.insertProposal(proposal('q5', 'Other'));
  const approve = (proposalId: string, instanceId: string) =>
    approveUnique(store, { proposalId, decidedBy: 'powner', at: 5, instanceId, events: () => [] });
  const a = await approve('q1', 'a1');
  const b = await approve('q2', 'a2');
  const c = await approve('q5', 'a5');
  expect([a.instance, b.instance, c.instance].map((i) => [i.id, i.name, i.position, i.version])).toEqual([
    ['a1', 'App', 0, 1],
    ['a1', 'App', 0, 2],
    ['a5', 'Other', 1, 1],
  ]);
  expect([a.updated, b.updated, c.updated]).toEqual([false, true, false]);
  expect(await store.getInstance('r1', 'a2')).toBeUndefined();
  expect((await store.getInstance('r1', 'a1'))?.proposalId).toBe('q2');
  expect((await store.listAppVersions('a1')).map((v) => [v.version, v.proposalId])).toEqual([
    [2, 'q2'],
    [1, 'q1'],
  ]);
  expect(await store.getProposal('q2')).toMatchObject({ updateOf: 'a1', baseVersion: 1 });
  await expect(
    approveUnique(store, {
      proposalId: 'q2',
      decidedBy: 'powner',
      at: 6,
      instanceId: 'a3',
      events: () => [],
    }),
  ).rejects.toMatchObject({ code: 'conflict' });
  // A failed event write rolls the approval back.
  await store.insertProposal(proposal('q3'));
  await expect(
    approveUnique(store, {
      proposalId: 'q3',
      decidedBy: 'powner',
      at: 6,
      instanceId: 'a4',
      events: () => [{ ...event('app.added', 'room'), roomId: 'no-such-room' }],
    }),
  ).rejects.toThrow();
  expect((await store.getProposal('q3'))?.state).toBe('pending');
  expect(await store.getInstance('r1', 'a4')).toBeUndefined();
});

it('reads proposals by id in one call: only those asked for, none for an empty list', async () => {
  for (const id of ['q1', 'q2', 'q3']) await store.insertProposal(proposal(id));
  const got = await store.getProposals(['q3', 'q1', 'missing']);
  expect(got.map((p) => p.id).sort()).toEqual(['q1', 'q3']);
  expect(got.find((p) => p.id === 'q3')).toEqual(await store.getProposal('q3'));
  expect(await store.getProposals([])).toEqual([]);
});

it('filters events by audience: members see room events and their own proposals', async () => {
  await store.appendEvent(event('app.added', 'room'));
  await store.appendEvent(event('proposal.created', 'owner', 'powner'));
  await store.appendEvent(event('proposal.declined', 'owner', 'pmember'));
  const member = await store.listEvents('r1', { personId: 'pmember', isOwner: false }, 0, 10);
  expect(member.map((e) => e.type)).toEqual(['app.added', 'proposal.declined']);
  const owner = await store.listEvents('r1', { personId: 'powner', isOwner: true }, 0, 10);
  expect(owner.map((e) => e.seq)).toEqual([1, 2, 3]);
  expect(
    (await store.listEvents('r1', { personId: 'powner', isOwner: true }, 2, 10)).map((e) => e.seq),
  ).toEqual([3]);
});

it('keeps a package bundle while any version of an active app needs it, and prunes it once the app is gone', async () => {
  const bundled = async (id: string, hash: string, name = 'App', instanceId = 'a1') => {
    await store.insertProposal(proposal(id, name));
    const { instance } = await approveUnique(store, {
      proposalId: id,
      decidedBy: 'powner',
      at: 5,
      instanceId,
      events: () => [],
      packages: {
        path: 'bundle',
        note: null,
        bundle: { hash, code: `export default ${JSON.stringify(hash)}` },
      },
    });
    return instance;
  };
  await bundled('q1', 'h1');
  await bundled('q2', 'h2');
  // An app removed at once leaves its bundle unnamed.
  await bundled('q3', 'orphan', 'Other', 'a2');
  await store.removeInstance('r1', 'a2', 6, event('app.removed', 'room'));
  // Version 1 is no longer current but is in the history: a rollback must find its bundle.
  expect(await store.prunePackageBundles(100)).toBe(1);
  expect(await store.getPackageBundle('h1')).toBeDefined();
  expect(await store.getPackageBundle('orphan')).toBeUndefined();
  // Its frame site serves the current version's bundle only.
  expect(await store.getAppPackageBundle('a1', 'h2')).toBe('export default "h2"');
  expect(await store.getAppPackageBundle('a1', 'h1')).toBeUndefined();
  expect(await store.getAppPackageBundle('a2', 'h2')).toBeUndefined();
  const back = await rollbackInstance(store, {
    roomId: 'r1',
    instanceId: 'a1',
    version: 1,
    by: 'powner',
    at: 6,
    events: () => [],
  });
  expect(back.proposalId).toBe('q1');
  expect(await store.prunePackageBundles(100)).toBe(0);
  expect(await store.getPackageBundle('h2')).toBeDefined();
  expect(await store.getAppPackageBundle('a1', 'h1')).toBe('export default "h1"');
  expect(await store.getAppPackageBundle('a1', 'h2')).toBeUndefined();
  await store.removeInstance('r1', 'a1', 7, event('app.removed', 'room'));
  expect(await store.getAppPackageBundle('a1', 'h1')).toBeUndefined();
  expect(await store.prunePackageBundles(100)).toBe(2);
});

it('records the package outcome and its bundle in the approval itself, and a prune spares a bundle put since', async () => {
  await store.insertProposal(proposal('q1'));
  await approveUnique(store, {
    proposalId: 'q1',
    decidedBy: 'powner',
    at: 50,
    instanceId: 'a1',
    events: () => [],
    packages: { path: 'bundle', note: null, bundle: { hash: 'h1', code: 'one' } },
  });
  expect(await store.getProposal('q1')).toMatchObject({
    packagesPath: 'bundle',
    bundleHash: 'h1',
    bundleNote: null,
  });
  expect(await store.getPackageBundle('h1')).toBe('one');
  // A failed approval keeps neither the outcome nor the bundle.
  await store.insertProposal(proposal('q2', 'Second'));
  await expect(
    approveUnique(store, {
      proposalId: 'q2',
      decidedBy: 'powner',
      at: 60,
      instanceId: 'a2',
      events: () => [{ ...event('app.added', 'room'), roomId: 'no-such-room' }],
      packages: { path: 'bundle', note: null, bundle: { hash: 'h2', code: 'two' } },
    }),
  ).rejects.toThrow();
  expect(await store.getPackageBundle('h2')).toBeUndefined();
  expect((await store.getProposal('q2'))?.bundleHash ?? null).toBeNull();
  await store.removeInstance('r1', 'a1', 70, event('app.removed', 'room'));
  // Another approval that built the same bundle touches it: a prune from before then spares it.
  await store.insertProposal(proposal('q3', 'Third'));
  await approveUnique(store, {
    proposalId: 'q3',
    decidedBy: 'powner',
    at: 80,
    instanceId: 'a3',
    events: () => [],
    packages: { path: 'bundle', note: null, bundle: { hash: 'h1', code: 'one' } },
  });
  await store.removeInstance('r1', 'a3', 90, event('app.removed', 'room'));
  expect(await store.prunePackageBundles(75)).toBe(0);
  expect(await store.getPackageBundle('h1')).toBe('one');
  expect(await store.prunePackageBundles(81)).toBe(1);
  expect(await store.getPackageBundle('h1')).toBeUndefined();
  await store.insertProposal(proposal('q4', 'Fourth'));
  await approveUnique(store, {
    proposalId: 'q4',
    decidedBy: 'powner',
    at: 100,
    instanceId: 'a4',
    events: () => [],
    packages: { path: 'sandpack', note: 'Runs in Sandpack: why', bundle: null },
  });
  expect(await store.getProposal('q4')).toMatchObject({
    packagesPath: 'sandpack',
    bundleHash: null,
    bundleNote: 'Runs in Sandpack: why',
  });
});

// The store and its transaction spread these: a method two of them named would silently lose one.
it('takes each method of the store and of its transaction from one aggregate', () => {
  const names = (parts: object[]) => parts.flatMap((part) => Object.keys(part));
  const storeNames = names(
    [
      sqlMetaStore,
      sqlPeopleStore,
      sqlSessionStore,
      sqlRoomStore,
      sqlReviewStore,
      sqlInstanceStore,
      sqlAppVersionStore,
      sqlBundleStore,
      sqlEventStore,
      sqlLookAlikeStore,
      sqlRepositoryStore,
    ].map((make) => make(store.db)),
  );
  const txNames = names(
    [
      sqlReviewTransaction,
      sqlInstanceTransaction,
      sqlAppVersionTransaction,
      sqlBundleTransaction,
      sqlEventTransaction,
    ].map((make) => make(store.db)),
  );
  expect(storeNames.length).toBeGreaterThan(50);
  expect(new Set(storeNames).size).toBe(storeNames.length);
  expect(new Set(txNames).size).toBe(txNames.length);
});
