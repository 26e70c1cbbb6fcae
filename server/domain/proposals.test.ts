import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestDomain, type TestDomain } from '../../test-support/testDomain.ts';
import { proposeRepo, proposeSnippet } from './proposals.ts';
import { createRepository, createVersion } from './repositories.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
let t: TestDomain;

beforeEach(async () => {
  t = await openTestDomain({ proposalsPerMinute: 3 });
});
afterEach(async () => t.close());

const snippet = (key: string, name = 'Timer', files: Record<string, string> = APP) => ({
  room_id: t.roomId,
  name,
  files,
  idempotency_key: key,
});

it('proposes, replays by key, refuses a mismatch; another person’s same key is their own', async () => {
  const first = await proposeSnippet(t.d, t.alice, snippet('key-one-0001'));
  expect(first).toMatchObject({ state: 'pending', replayed: false, file_count: 1, name: 'Timer' });
  const again = await proposeSnippet(t.d, t.alice, snippet('key-one-0001'));
  expect(again).toMatchObject({ id: first.id, replayed: true });
  await expect(proposeSnippet(t.d, t.alice, snippet('key-one-0001', 'Other'))).rejects.toMatchObject({
    code: 'idempotency_key_mismatch',
    detail: { proposal_id: first.id },
  });
  // Another person's same key is their own proposal.
  const bobs = await proposeSnippet(t.d, t.bob, snippet('key-one-0001'));
  expect(bobs.id).not.toBe(first.id);
  expect(await t.d.store.listProposals(t.roomId, {})).toHaveLength(2);
});

it('counts only calls that create: replays and invalid calls leave the budget alone', async () => {
  const made = [];
  for (const key of ['key-budget-1', 'key-budget-2'])
    made.push(await proposeSnippet(t.d, t.alice, snippet(key)));
  // Invalid calls of every layer: schema, rules, unknown room, unknown version.
  await expect(proposeSnippet(t.d, t.alice, { ...snippet('key-bad-01'), extra: 1 })).rejects.toMatchObject({
    code: 'schema_violation',
  });
  await expect(
    proposeSnippet(t.d, t.alice, snippet('key-bad-02', 'x', { 'a.ts': '' })),
  ).rejects.toMatchObject({
    code: 'missing_entry',
  });
  await expect(
    proposeSnippet(t.d, t.alice, { ...snippet('key-bad-03'), room_id: 'nope' }),
  ).rejects.toMatchObject({ code: 'not_found' });
  await expect(
    proposeRepo(t.d, t.alice, {
      room_id: t.roomId,
      name: 'Repo',
      repository_id: 'nope',
      version_id: 'nope',
      idempotency_key: 'key-bad-04',
    }),
  ).rejects.toMatchObject({ code: 'not_found' });
  // Replays and a mismatch, many times over.
  for (let i = 0; i < 5; i++) {
    expect(await proposeSnippet(t.d, t.alice, snippet('key-budget-1'))).toMatchObject({ replayed: true });
    await expect(proposeSnippet(t.d, t.alice, snippet('key-budget-2', 'Other'))).rejects.toMatchObject({
      code: 'idempotency_key_mismatch',
    });
  }
  // The third new proposal still fits (budget 3), the fourth does not.
  expect(await proposeSnippet(t.d, t.alice, snippet('key-budget-3'))).toMatchObject({ replayed: false });
  await expect(proposeSnippet(t.d, t.alice, snippet('key-budget-4'))).rejects.toMatchObject({
    code: 'rate_limited',
  });
  // Budget spent: a retried key still gets its own proposal back.
  const retried = await proposeSnippet(t.d, t.alice, snippet('key-budget-1'));
  expect(retried).toMatchObject({ id: made[0]?.id, replayed: true });
  // Budgets are per caller: Bob is unaffected.
  expect(await proposeSnippet(t.d, t.bob, snippet('key-budget-4'))).toMatchObject({ replayed: false });
});

it('proposes a repository version the proposer owns, and replays it', async () => {
  const repo = await createRepository(t.d, t.alice, 'Big');
  const version = await createVersion(t.d, t.alice, repo.id, APP);
  const args = {
    room_id: t.roomId,
    name: 'From repo',
    repository_id: repo.id,
    version_id: version.id,
    idempotency_key: 'repo-key-0001',
  };
  const first = await proposeRepo(t.d, t.alice, args);
  expect(first).toMatchObject({ kind: 'repo', file_count: 1, content_sha256: version.id, replayed: false });
  expect(await proposeRepo(t.d, t.alice, args)).toMatchObject({ id: first.id, replayed: true });
  await expect(proposeRepo(t.d, t.bob, { ...args, idempotency_key: 'repo-key-0002' })).rejects.toMatchObject({
    code: 'not_found',
  });
});
