import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrations } from './migrations.ts';
import { openStore } from './openStore.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/store/v5-rooms.sqlite');
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0)) await undo();
});

it('upgrades a database of the SQLite-only releases keeping every row; each room counts on from its last event', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-legacy-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.copyFileSync(FIXTURE, path.join(dir, 'rooms.sqlite'));
  const store = await openStore({ dataDir: dir });
  cleanup.push(() => store.close());

  expect((await store.listRoomsFor('powner')).map((r) => [r.id, r.name, r.appCount])).toEqual([
    ['r1', 'Room one', 1],
    ['r2', 'Room two', 0],
  ]);
  expect(await store.getMeta('owner_person_id')).toBe('powner');
  const q1 = await store.getProposal('q1');
  expect([q1?.state, q1?.files, q1?.dependencies]).toEqual([
    'approved',
    { 'src/App.tsx': "export default () => 'Timer';" },
    { 'date-fns': '4.1.0' },
  ]);
  expect((await store.getProposal('q2'))?.declineReason).toBe('no');
  expect((await store.listProposals('r1', { state: 'pending' })).map((p) => p.id)).toEqual(['q3']);
  expect((await store.listInstances('r1')).map((i) => [i.id, i.name, i.position])).toEqual([
    ['a1', 'Timer', 0],
  ]);
  expect((await store.listAppVersions('a1')).map((v) => [v.version, v.proposalId])).toEqual([[1, 'q1']]);
  expect((await store.findTokenByHash('hash-personal'))?.lastUsedAt).toBe(3);
  expect((await store.findSession('session-1', 100))?.scopes).toEqual(['osfoundry:read', 'osfoundry:write']);
  expect((await store.findInvite('invite-hash'))?.roomName).toBe('Room one');
  expect((await store.getVersion('repo1', 'v1sha'))?.files).toEqual({ 'a.ts': 'x' });
  expect(
    await store.findIdempotencyKey({ personId: 'powner', tool: 'propose', roomId: 'r1', key: 'k3' }),
  ).toEqual({ proposalId: 'q3', fingerprint: 'f3' });

  // Sequences a reader already holds stay valid; new events continue after each room's last.
  const owner = { personId: 'powner', isOwner: true };
  expect((await store.listEvents('r1', owner, 0, 10)).map((e) => e.seq)).toEqual([1, 3, 4, 5]);
  expect([await store.latestSeq('r1'), await store.latestSeq('r2')]).toEqual([5, 6]);
  const event = (roomId: string) => ({
    roomId,
    type: 'room.renamed',
    audience: 'room' as const,
    proposerId: null,
    data: {},
    createdAt: 20,
  });
  expect(await store.appendEvent(event('r1'))).toBe(6);
  expect(await store.appendEvent(event('r2'))).toBe(7);
  expect((await store.listEvents('r1', owner, 3, 10)).map((e) => e.seq)).toEqual([4, 5, 6]);
  await store.close();
  cleanup.pop();

  // Opening again migrates nothing; a build of the SQLite-only releases now refuses the file.
  const again = await openStore({ dataDir: dir });
  await again.close();
  const raw = new Database(path.join(dir, 'rooms.sqlite'));
  expect(raw.pragma('user_version', { simple: true })).toBe(4 + migrations.length);
  expect(raw.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(
    migrations.map((_, i) => i + 1),
  );
  raw.close();
});
