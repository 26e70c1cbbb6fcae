import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createTestSchema, dropTestSchema } from '../../test-support/testStore.ts';
import { ensureOwner, resolveToken } from '../domain/auth.ts';
import { ensureDemo } from '../domain/demo.ts';
import { EventBus } from '../domain/EventBus.ts';
import { openStore } from './openStore.ts';
import { PgEventRelay } from './PgEventRelay.ts';
import { ServerRegistry } from './ServerRegistry.ts';
import { SqlRateLimiter } from './SqlRateLimiter.ts';
import type { SqlStore } from './SqlStore.ts';

// "Servers": stores of their own (pools, data folders, registries) on one PostgreSQL schema.
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

async function database(): Promise<string> {
  const url = await createTestSchema();
  cleanup.push(() => dropTestSchema(url));
  return url;
}

async function server(url: string): Promise<{ store: SqlStore; dataDir: string; peers: ServerRegistry }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-several-'));
  const store = await openStore({ dataDir, databaseUrl: url });
  const peers = new ServerRegistry(store, Date.now);
  cleanup.push(async () => {
    await peers.leave();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { store, dataDir, peers };
}

const startUp = (s: Awaited<ReturnType<typeof server>>, configuredToken?: string) =>
  s.peers.exclusively(async () => {
    const owner = await ensureOwner(s.store, {
      dataDir: s.dataDir,
      configuredToken,
      now: Date.now(),
      peers: s.peers,
    });
    return { ...owner, demo: await ensureDemo(s.store, owner.ownerId, Date.now()) };
  });

it('four servers starting together make one owner and one Demo room', async () => {
  const url = await database();
  const all = await Promise.all([1, 2, 3, 4].map(() => server(url)));
  const started = await Promise.all(all.map((s) => startUp(s, 'shared-owner-token-0123456789')));
  expect(new Set(started.map((s) => s.ownerId)).size).toBe(1);
  expect(new Set(started.map((s) => s.demo)).size).toBe(1);
  const first = all[0] as (typeof all)[0];
  const rooms = await first.store.db.selectFrom('rooms').select('name').execute();
  expect(rooms.map((r) => r.name)).toEqual(['Demo room']);
  expect(await first.store.db.selectFrom('people').select('id').execute()).toHaveLength(1);
});

it('a server without ROOM_OWNER_TOKEN and a data folder of its own keeps the live servers token', async () => {
  const url = await database();
  const a = await server(url);
  const b = await server(url);
  const first = await startUp(a);
  const second = await startUp(b);
  expect(second.ownerId).toBe(first.ownerId);
  expect(second.token).toBeUndefined();
  expect(fs.existsSync(path.join(b.dataDir, 'owner-token'))).toBe(false);
  expect(await resolveToken(a.store, first.token as string, Date.now())).toBeDefined();
});

it('servers configured with different owner tokens: the second refuses to start, the first token stays', async () => {
  const url = await database();
  const a = await server(url);
  const b = await server(url);
  await startUp(a, 'first-owner-token-0123456789');
  await expect(startUp(b, 'other-owner-token-0123456789')).rejects.toThrow(
    /different owner token: give every server the same ROOM_OWNER_TOKEN/,
  );
  expect(await resolveToken(a.store, 'first-owner-token-0123456789', Date.now())).toBeDefined();
  // The same token is welcome; once the first server left, a new token replaces it (a rotation).
  await startUp(b, 'first-owner-token-0123456789');
  await a.peers.leave();
  await b.peers.leave();
  const c = await server(url);
  await startUp(c, 'other-owner-token-0123456789');
  expect(await resolveToken(c.store, 'first-owner-token-0123456789', Date.now())).toBeUndefined();
});

it('the proposal rate limit is one budget over every server, and a released hit is given back', async () => {
  const url = await database();
  const limiters = await Promise.all(
    [1, 2].map(async () => new SqlRateLimiter((await server(url)).store.db, 5, 60_000)),
  );
  const now = 120_000;
  const results = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) => (limiters[i % 2] as SqlRateLimiter).hit('tok', now)),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  expect(results.find((r) => r.status === 'rejected')).toMatchObject({
    reason: { code: 'rate_limited', detail: { retry_after_ms: 60_000 } },
  });
  await (limiters[1] as SqlRateLimiter).release('tok', now);
  await (limiters[0] as SqlRateLimiter).hit('tok', now + 20);
  await expect((limiters[1] as SqlRateLimiter).hit('tok', now + 21)).rejects.toMatchObject({
    code: 'rate_limited',
  });
  // The next window starts afresh.
  await (limiters[1] as SqlRateLimiter).hit('tok', now + 60_000);
});

it('a publish on one server wakes the listeners of the room on another, carrying ids only', async () => {
  const url = await database();
  const a = await server(url);
  const b = await server(url);
  const busA = new EventBus();
  const busB = new EventBus();
  const relayA = await PgEventRelay.start(url, a.store.db, busA);
  const relayB = await PgEventRelay.start(url, b.store.db, busB);
  cleanup.push(
    () => relayA.close(),
    () => relayB.close(),
  );
  const woken: string[] = [];
  busB.subscribe('r1', () => woken.push('r1'));
  busB.subscribe('#credentials', () => woken.push('#credentials'));
  const local: string[] = [];
  busA.subscribe('r1', () => local.push('r1'));
  busA.publish('r1');
  busA.publish('#credentials');
  await expect.poll(() => woken).toEqual(['r1', '#credentials']);
  // A server does not wake itself twice through its own notification.
  expect(local).toEqual(['r1']);
});

it('a room whose seq moved without a notification (the sender died first) wakes its listeners on the catch-up read', async () => {
  const url = await database();
  const a = await server(url);
  const b = await server(url);
  await a.store.createPerson({ id: 'powner', name: 'Owner', createdAt: 1 });
  await a.store.createRoom({ id: 'r1', name: 'Room', ownerId: 'powner', createdAt: 1 });
  const busB = new EventBus();
  const relayB = await PgEventRelay.start(url, b.store.db, busB);
  cleanup.push(() => relayB.close());
  let woken = 0;
  busB.subscribe('r1', () => woken++);
  await expect.poll(() => woken, { timeout: 10_000 }).toBe(1);
  // Written on "A" with no bus at all: nothing is announced.
  await a.store.appendEvent({
    roomId: 'r1',
    type: 'room.renamed',
    audience: 'room',
    proposerId: null,
    data: { name: 'x' },
    createdAt: 2,
  });
  await expect.poll(() => woken, { timeout: 10_000 }).toBe(2);
});
