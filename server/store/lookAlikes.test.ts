import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../../test-support/testStore.ts';
import { approveUnique } from '../domain/approvalRules.ts';
import { SKELETON_BASIS, skeletonKey } from './nameSkeletons.ts';
import { openStore } from './openStore.ts';
import type { ProposalRow } from './Store.ts';

let t: TestStore;
beforeEach(async () => {
  t = await openTestStore();
  await t.store.createPerson({ id: 'powner', name: 'Owner', createdAt: 1 });
  await t.store.createPerson({ id: 'palice', name: 'Alice', createdAt: 1 });
  await t.store.createRoom({ id: 'r1', name: 'Room', ownerId: 'powner', createdAt: 1 });
  await t.store.createRoom({ id: 'r2', name: 'Other', ownerId: 'powner', createdAt: 1 });
});
afterEach(async () => t.close());

const proposal = (id: string, name: string, extra: Partial<ProposalRow> = {}): ProposalRow => ({
  id,
  roomId: 'r1',
  proposerId: 'palice',
  kind: 'snippet',
  name,
  files: { 'src/App.tsx': 'export default () => null;\n' },
  repositoryId: null,
  versionId: null,
  contentSha256: `sha-${id}`,
  state: 'pending',
  declineReason: null,
  createdAt: 10,
  decidedAt: null,
  decidedBy: null,
  ...extra,
});
const lookFor = (name: string, pending?: { proposerId?: string }) =>
  t.store.findLookAlike('r1', { name, ...(pending ? { pending } : {}) });

it('finds an app or a pending proposal by skeleton, never the name itself', async () => {
  await t.store.insertProposal(proposal('q1', 'Poll maker'));
  expect(await lookFor('P\u03BFll maker', {})).toBe('Poll maker');
  expect(await lookFor('Poll rnaker', {})).toBe('Poll maker');
  expect(await lookFor('Poll maker', {})).toBeUndefined();
  expect(await lookFor('Poll taker', {})).toBeUndefined();
  // Without `pending`, apps only (the approval's check); another proposer's pending names stay hidden.
  expect(await lookFor('Poll rnaker')).toBeUndefined();
  expect(await lookFor('Poll rnaker', { proposerId: 'powner' })).toBeUndefined();
  expect(await lookFor('Poll rnaker', { proposerId: 'palice' })).toBe('Poll maker');
  // Another room's names, and decided proposals, are not this room's.
  expect(await t.store.findLookAlike('r2', { name: 'Poll rnaker', pending: {} })).toBeUndefined();
  await t.store.declineProposal({
    proposalId: 'q1',
    decidedBy: 'powner',
    at: 11,
    reason: null,
    event: {
      roomId: 'r1',
      type: 'proposal.declined',
      audience: 'owner',
      proposerId: 'palice',
      data: {},
      createdAt: 11,
    },
  });
  expect(await lookFor('Poll rnaker', {})).toBeUndefined();
});

it('names an approved app first (launcher order), then the oldest pending look-alike', async () => {
  await t.store.insertProposal(proposal('q1', 'Standup tirner', { createdAt: 12 }));
  await t.store.insertProposal(proposal('q2', 'Standup t\u0456mer', { createdAt: 11 }));
  expect(await lookFor('Standup timer', {})).toBe('Standup t\u0456mer');
  await t.store.insertProposal(proposal('q3', '\uFF33tandup timer', { createdAt: 13 }));
  await approveUnique(t.store, {
    proposalId: 'q3',
    decidedBy: 'powner',
    at: 14,
    instanceId: 'a1',
    events: () => [],
  });
  expect(await lookFor('Standup timer', {})).toBe('\uFF33tandup timer');
  expect(await lookFor('Standup timer')).toBe('\uFF33tandup timer');
  await t.store.removeInstance('r1', 'a1', 15, {
    roomId: 'r1',
    type: 'app.removed',
    audience: 'room',
    proposerId: null,
    data: {},
    createdAt: 15,
  });
  expect(await lookFor('Standup timer')).toBeUndefined();
});

it('stores each new proposal and app with its skeleton, and looks them up through the index', async () => {
  await t.store.insertProposal(proposal('q1', 'Caf\u00E9 \uFF21pp'));
  await approveUnique(t.store, {
    proposalId: 'q1',
    decidedBy: 'powner',
    at: 14,
    instanceId: 'a1',
    events: () => [],
  });
  const stored = await sql<{ s: string }>`SELECT skeleton_sha256 AS s FROM proposals UNION ALL
    SELECT skeleton_sha256 AS s FROM instances`.execute(t.store.db);
  expect(stored.rows.map((r) => r.s)).toEqual([
    skeletonKey('Caf\u00E9 \uFF21pp'),
    skeletonKey('Caf\u00E9 \uFF21pp'),
  ]);
  // Planned through the partial index (PostgreSQL told to avoid scanning the table, which is tiny here).
  const plan = await t.store.db.transaction().execute(async (trx) => {
    if (t.store.engine === 'postgres') await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const query = sql`SELECT name FROM proposals WHERE room_id = 'r1' AND state = 'pending' AND skeleton_sha256 = 'x'`;
    return t.store.engine === 'sqlite'
      ? sql`EXPLAIN QUERY PLAN ${query}`.execute(trx)
      : sql`EXPLAIN ${query}`.execute(trx);
  });
  expect(JSON.stringify(plan.rows)).toMatch(/proposals_pending_skeleton/);
});

it('computes stored skeletons again at start-up when the confusables table or Unicode version changed', async () => {
  await t.store.insertProposal(proposal('q1', 'Poll maker'));
  // As if an older build had stored other skeletons under another basis.
  await sql`UPDATE proposals SET skeleton_sha256 = 'stale'`.execute(t.store.db);
  await t.store.setMeta('name_skeleton_basis', 'unhomoglyph 0.0.1, Unicode 1.0');
  const reopen = async () => {
    const again = await openStore({ dataDir: t.dataDir, databaseUrl: t.databaseUrl });
    await again.close();
  };
  await reopen();
  expect(await t.store.getMeta('name_skeleton_basis')).toBe(SKELETON_BASIS);
  expect(await lookFor('Poll rnaker', {})).toBe('Poll maker');
  // The same basis again: nothing is computed (the stale value stays, proving no rewrite ran).
  await sql`UPDATE proposals SET skeleton_sha256 = 'stale'`.execute(t.store.db);
  await reopen();
  expect(await lookFor('Poll rnaker', {})).toBeUndefined();
  // A row without one (a server of the build before, still running on a shared database): filled at start-up.
  await sql`UPDATE proposals SET skeleton_sha256 = NULL`.execute(t.store.db);
  await reopen();
  expect(await lookFor('Poll rnaker', {})).toBe('Poll maker');
});

it('takes a 200-character name whose skeleton runs to thousands of bytes, and finds its look-alike', async () => {
  // NFKC turns U+FDFA into 18 Arabic letters: 6,000 bytes, past a PostgreSQL index entry uncompressed (2,704).
  const long = '\uFDFA'.repeat(200);
  await t.store.insertProposal(proposal('q1', long));
  expect(await lookFor(long.normalize('NFKC'), {})).toBe(long);
});
