import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestDomain, type TestDomain } from '../../test-support/testDomain.ts';
import { proposeRepo, proposeSnippet } from './proposals.ts';
import { createRepository, createVersion } from './repositories.ts';
import { approveProposal, declineProposal } from './review.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
const LOOK_ALIKE = 'Standup t\u0456mer'; // Cyrillic і
let t: TestDomain;
let keys = 0;

beforeEach(async () => {
  t = await openTestDomain();
});
afterEach(async () => t.close());

const snippet = (name: string) => ({
  room_id: t.roomId,
  name,
  files: APP,
  idempotency_key: `look-alike-${++keys}`,
});

it('refuses a look-alike of an approved app at proposal time, snippet and repository alike', async () => {
  const timer = await proposeSnippet(t.d, t.owner, snippet('Standup timer'));
  await approveProposal(t.d, t.owner, t.roomId, timer.id);
  await expect(proposeSnippet(t.d, t.alice, snippet(LOOK_ALIKE))).rejects.toMatchObject({
    code: 'confusable_name',
    message: expect.stringContaining('"Standup timer"'),
    detail: { resembles: 'Standup timer' },
  });
  const repo = await createRepository(t.d, t.alice, 'Timer');
  const version = await createVersion(t.d, t.alice, repo.id, APP);
  await expect(
    proposeRepo(t.d, t.alice, {
      room_id: t.roomId,
      name: 'Standup tim\u0435r', // Cyrillic е
      repository_id: repo.id,
      version_id: version.id,
      idempotency_key: 'look-alike-repo',
    }),
  ).rejects.toMatchObject({ code: 'confusable_name', detail: { resembles: 'Standup timer' } });
  // Nothing was stored; the identical name is not refused (it is an update, or "Standup timer (2)").
  expect(await t.d.store.listProposals(t.roomId, { state: 'pending' })).toHaveLength(0);
  await expect(proposeSnippet(t.d, t.alice, snippet('Standup timer'))).resolves.toMatchObject({
    state: 'pending',
  });
});

it('refuses Latin mixed with Cyrillic even with nothing alike in the room; "東京 Weather" is fine', async () => {
  await expect(proposeSnippet(t.d, t.alice, snippet('W\u0435ather'))).rejects.toMatchObject({
    code: 'confusable_name',
    detail: { scripts: ['Cyrl', 'Latn'] },
  });
  await expect(proposeSnippet(t.d, t.alice, snippet('\u6771\u4EAC Weather'))).resolves.toMatchObject({
    state: 'pending',
  });
});

it('compares a proposal with pending ones its proposer may see: their own, or all for the owner', async () => {
  await proposeSnippet(t.d, t.alice, snippet('Poll maker'));
  // Alice's own pending proposal, and the owner who sees every pending one, name it.
  await expect(proposeSnippet(t.d, t.alice, snippet('P\u03BFll maker'))).rejects.toMatchObject({
    code: 'confusable_name',
    detail: { resembles: 'Poll maker' },
  });
  await expect(proposeSnippet(t.d, t.owner, snippet('P\u03BFll maker'))).rejects.toMatchObject({
    code: 'confusable_name',
    detail: { resembles: 'Poll maker' },
  });
  // Bob never learns of Alice's pending name ("rn" reads as "m"); approval keeps the two apart.
  await expect(proposeSnippet(t.d, t.bob, snippet('Poll rnaker'))).resolves.toMatchObject({
    state: 'pending',
  });
});

it('approves the first of two pending look-alikes and refuses the second, naming the first', async () => {
  const real = await proposeSnippet(t.d, t.alice, snippet('Standup timer'));
  // One script, so only the skeleton gives it away: full-width Latin letters.
  const fake = await proposeSnippet(t.d, t.bob, snippet('\uFF33\uFF54\uFF41\uFF4E\uFF44\uFF55\uFF50 timer'));
  await approveProposal(t.d, t.owner, t.roomId, real.id);
  await expect(approveProposal(t.d, t.owner, t.roomId, fake.id)).rejects.toMatchObject({
    code: 'confusable_name',
    detail: { resembles: 'Standup timer' },
  });
  expect((await t.d.store.listInstances(t.roomId)).map((i) => i.name)).toEqual(['Standup timer']);
  expect((await t.d.store.getProposal(fake.id))?.state).toBe('pending');
  // The owner can still decline it.
  await expect(
    declineProposal(t.d, t.owner, { roomId: t.roomId, proposalId: fake.id }),
  ).resolves.toMatchObject({
    state: 'declined',
  });
});
