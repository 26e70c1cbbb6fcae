import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../../test-support/testStore.ts';
import type { SqlStore } from '../store/SqlStore.ts';
import {
  createSession,
  ensureOwner,
  LAST_USED_GRANULARITY_MS,
  resolveSession,
  resolveToken,
  sessionFromToken,
} from './auth.ts';
import { sha256Hex } from './ids.ts';

let opened: TestStore;
let dataDir: string;
let store: SqlStore;

beforeEach(async () => {
  opened = await openTestStore();
  ({ store, dataDir } = opened);
});
afterEach(() => opened.close());

const start = async (configuredToken: string | undefined, now: number) => {
  const started = await ensureOwner(store, { dataDir, configuredToken, now });
  if (started.token === undefined) throw new Error('a lone server always has its owner token');
  return { ...started, token: started.token };
};
const live = async (secret: string) => (await resolveToken(store, secret, 100)) !== undefined;

it('generates a bootstrap token once and keeps it in a 0600 file', async () => {
  const first = await start(undefined, 1);
  const again = await start(undefined, 2);
  expect(again).toEqual(first);
  const file = path.join(dataDir, 'owner-token');
  expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.token);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(await live(first.token)).toBe(true);
});

it('generated → ROOM_OWNER_TOKEN=X → unset again: starts each time with only the current token live', async () => {
  const generated = await start(undefined, 1);
  const configured = await start('configured-owner-token-0123', 2);
  expect(configured.ownerId).toBe(generated.ownerId);
  expect(await live('configured-owner-token-0123')).toBe(true);
  expect(await live(generated.token)).toBe(false);

  const back = await start(undefined, 3);
  expect(back).toEqual(generated);
  expect(await live(generated.token)).toBe(true);
  expect(await live('configured-owner-token-0123')).toBe(false);

  // And X once more: the earlier configured token returns, the generated one is revoked again.
  await start('configured-owner-token-0123', 4);
  expect(await live('configured-owner-token-0123')).toBe(true);
  expect(await live(generated.token)).toBe(false);
});

it('refuses a ROOM_OWNER_TOKEN that is another token, without revoking the current one', async () => {
  const { ownerId, token } = await start(undefined, 1);
  await store.insertToken({
    id: 'tpersonal',
    personId: ownerId,
    hash: sha256Hex('personal-token-0123456789'),
    kind: 'personal',
    scopes: ['osfoundry:read'],
    label: 'agent',
    createdAt: 1,
    lastUsedAt: null,
    revokedAt: null,
  });
  await expect(start('personal-token-0123456789', 2)).rejects.toMatchObject({ code: 'conflict' });
  expect(await live(token)).toBe(true);
});

it('records a token use at most once a minute', async () => {
  const { token } = await start(undefined, 1);
  const lastUsed = async () => (await store.findTokenByHash(sha256Hex(token)))?.lastUsedAt;
  await resolveToken(store, token, 1_000);
  expect(await lastUsed()).toBe(1_000);
  await resolveToken(store, token, 1_000 + LAST_USED_GRANULARITY_MS - 1);
  expect(await lastUsed()).toBe(1_000);
  await resolveToken(store, token, 1_000 + LAST_USED_GRANULARITY_MS);
  expect(await lastUsed()).toBe(1_000 + LAST_USED_GRANULARITY_MS);
});

it('a session keeps its token scopes, and ends when a new bootstrap token replaces its token', async () => {
  const first = await start(undefined, 1);
  const token = await resolveToken(store, first.token, 2);
  if (!token) throw new Error('the bootstrap token is not live');
  const ownerSession = await createSession(store, sessionFromToken(token), 3);
  expect(await resolveSession(store, ownerSession, 4)).toMatchObject({
    personId: first.ownerId,
    scopes: ['osfoundry:read', 'osfoundry:write'],
    via: 'session',
  });
  await store.insertToken({
    id: 'treader',
    personId: first.ownerId,
    hash: sha256Hex('reader-token-0123456789'),
    kind: 'personal',
    scopes: ['osfoundry:read'],
    label: 'reader',
    createdAt: 5,
    lastUsedAt: null,
    revokedAt: null,
  });
  const reader = await resolveToken(store, 'reader-token-0123456789', 6);
  if (!reader) throw new Error('the reader token is not live');
  const readerSession = await createSession(store, sessionFromToken(reader), 7);
  expect((await resolveSession(store, readerSession, 8))?.scopes).toEqual(['osfoundry:read']);

  await start('configured-owner-token-0123', 9);
  expect(await resolveSession(store, ownerSession, 10)).toBeUndefined();
  expect(await resolveSession(store, readerSession, 10)).toBeDefined();
  // The old token coming back does not bring its sessions back.
  await start(undefined, 11);
  expect(await resolveSession(store, ownerSession, 12)).toBeUndefined();
});
