import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SqlStore } from './SqlStore.ts';
import type { NewEvent, ProposalRow } from './Store.ts';
import { openTestStore, type TestStore } from './testStore.ts';

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

it('keeps launcher names unique and positions increasing in one transaction', async () => {
  await store.insertProposal(proposal('q1'));
  await store.insertProposal(proposal('q2'));
  const a = await store.approveUnique({
    proposalId: 'q1',
    decidedBy: 'powner',
    at: 5,
    instanceId: 'a1',
    events: () => [],
  });
  const b = await store.approveUnique({
    proposalId: 'q2',
    decidedBy: 'powner',
    at: 5,
    instanceId: 'a2',
    events: () => [],
  });
  expect([a.name, a.position, b.name, b.position]).toEqual(['App', 0, 'App (2)', 1]);
  await expect(
    store.approveUnique({ proposalId: 'q2', decidedBy: 'powner', at: 6, instanceId: 'a3', events: () => [] }),
  ).rejects.toMatchObject({ code: 'conflict' });
  // A failed event write rolls the approval back.
  await store.insertProposal(proposal('q3'));
  await expect(
    store.approveUnique({
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
