import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../../test-support/testStore.ts';
import type { OAuthSecretRow } from './OAuthStore.ts';
import { SqlOAuthStore } from './SqlOAuthStore.ts';

let t: TestStore;
let oauth: SqlOAuthStore;

beforeEach(async () => {
  t = await openTestStore();
  oauth = new SqlOAuthStore(t.store.db);
  await t.store.createPerson({ id: 'p1', name: 'Ann', createdAt: 1 });
});
afterEach(async () => t.close());

const secret = (hash: string, kind: OAuthSecretRow['kind'], expiresAt = 1000): OAuthSecretRow => ({
  hash,
  grantId: 'g1',
  kind,
  createdAt: 10,
  expiresAt,
  usedAt: null,
  redirectUri: kind === 'code' ? 'http://127.0.0.1:1/cb' : null,
  codeChallenge: kind === 'code' ? 'c'.repeat(43) : null,
});

it('keeps clients, grants, secrets, consent forms and proposals through an app', async () => {
  await oauth.insertClient({
    id: 'c1',
    name: 'App',
    redirectUris: ['http://127.0.0.1/cb'],
    createdAt: 5,
    createdBy: 'a',
    consentedAt: null,
  });
  expect(await oauth.getClient('c1')).toEqual({
    id: 'c1',
    name: 'App',
    redirectUris: ['http://127.0.0.1/cb'],
    createdAt: 5,
    createdBy: 'a',
    consentedAt: null,
  });
  expect([
    await oauth.countClients(),
    await oauth.countClientsSince('a', 5),
    await oauth.countClientsSince('a', 6),
  ]).toEqual([0, 0, 0]);
  // Waiting for consent: in the pool, counted apart.
  expect([await oauth.countPendingClients(), await oauth.countPendingClients('a')]).toEqual([1, 1]);
  const request = {
    hash: 'r1',
    sessionId: 's1',
    clientId: 'c1',
    redirectUri: 'http://127.0.0.1/cb',
    codeChallenge: 'c'.repeat(43),
    scopes: ['osfoundry:read' as const],
    resource: 'http://x/mcp',
    state: null,
    expiresAt: 100,
  };
  await oauth.insertRequest(request);
  expect(await oauth.getRequest('r1', 100)).toBeUndefined();
  expect(await oauth.takeRequest('r1', 50)).toEqual(request);
  expect(await oauth.takeRequest('r1', 50)).toBeUndefined();
  await oauth.insertGrant(
    {
      id: 'g1',
      clientId: 'c1',
      personId: 'p1',
      scopes: ['osfoundry:read'],
      resource: 'http://x/mcp',
      createdAt: 10,
      lastUsedAt: null,
      revokedAt: null,
      sourceTokenId: null,
    },
    secret('h-code', 'code', 70),
  );
  // A metadata-document client: kept once, its name and URIs as last fetched, never in the cap.
  await oauth.putMetadataClient(
    { id: 'https://a.example/m', name: 'One', redirectUris: ['https://a.example/cb'] },
    8,
  );
  await oauth.putMetadataClient(
    { id: 'https://a.example/m', name: 'Two', redirectUris: ['https://a.example/cb2'] },
    9,
  );
  expect(await oauth.getClient('https://a.example/m')).toMatchObject({
    name: 'Two',
    createdAt: 8,
    consentedAt: null,
  });
  expect(await oauth.countPendingClients()).toBe(1);
  await oauth.prune(0, 9);
  expect(await oauth.getClient('https://a.example/m')).toBeUndefined();
  // Its first Allow takes the client out of the pool: now it counts.
  expect([
    await oauth.countClients(),
    await oauth.countClientsSince('a', 5),
    await oauth.countPendingClients(),
  ]).toEqual([1, 1, 0]);
  expect((await oauth.getClient('c1'))?.consentedAt).toBe(10);
  expect((await oauth.findSecret('h-code'))?.codeChallenge).toBe('c'.repeat(43));
  expect(await oauth.rotate('h-code', [secret('h-a', 'access'), secret('h-r', 'refresh')], 20)).toBe(true);
  expect(await oauth.rotate('h-code', [secret('h-a2', 'access')], 21)).toBe(false);
  expect(await oauth.findSecret('h-a2')).toBeUndefined();
  expect((await oauth.findSecret('h-code'))?.usedAt).toBe(20);
  await oauth.touchGrant('g1', 30);
  expect(await oauth.listGrants('p1')).toEqual([
    expect.objectContaining({ id: 'g1', clientName: 'App', lastUsedAt: 30 }),
  ]);
  expect(await oauth.revokeGrant('g1', 40)).toBe(true);
  expect(await oauth.revokeGrant('g1', 41)).toBe(false);
  expect(await oauth.listGrants('p1')).toEqual([]);
  expect((await oauth.getGrant('g1'))?.revokedAt).toBe(40);
  // Expired secrets go; a client with a grant stays, one nobody connected goes.
  await oauth.insertClient({
    id: 'c2',
    name: 'Unused',
    redirectUris: [],
    createdAt: 5,
    createdBy: 'a',
    consentedAt: null,
  });
  await oauth.prune(75, 6);
  expect(await oauth.findSecret('h-code')).toBeUndefined();
  expect(await oauth.findSecret('h-a')).toBeDefined();
  expect(await oauth.getClient('c1')).toBeDefined();
  expect(await oauth.getClient('c2')).toBeUndefined();
});

it('a used code outlives its expiry while its grant lives; a grant ends with its source token', async () => {
  await oauth.insertClient({
    id: 'c1',
    name: 'App',
    redirectUris: [],
    createdAt: 5,
    createdBy: 'a',
    consentedAt: null,
  });
  await t.store.insertToken({
    id: 't1',
    personId: 'p1',
    hash: 'th',
    kind: 'personal',
    scopes: ['osfoundry:read'],
    label: 'x',
    createdAt: 1,
    lastUsedAt: null,
    revokedAt: null,
  });
  const grant = {
    id: 'g1',
    clientId: 'c1',
    personId: 'p1',
    scopes: ['osfoundry:read' as const],
    resource: 'http://x/mcp',
    createdAt: 10,
    lastUsedAt: null,
    revokedAt: null,
    sourceTokenId: 't1',
  };
  await oauth.insertGrant(grant, secret('h-code', 'code', 70));
  await oauth.rotate('h-code', [secret('h-a', 'access', 80)], 20);
  await oauth.prune(100, 0);
  expect((await oauth.findSecret('h-code'))?.usedAt).toBe(20);
  expect(await oauth.findSecret('h-a')).toBeUndefined();
  expect((await oauth.getGrant('g1'))?.sourceTokenId).toBe('t1');
  expect(await t.store.revokeToken('p1', 't1', 110)).toBe(true);
  expect((await oauth.getGrant('g1'))?.revokedAt).toBe(110);
  expect(await oauth.listGrants('p1')).toEqual([]);
  // Even a token brought back (the owner's bootstrap token returning) brings no grant back.
  await t.store.restoreToken('t1');
  expect((await oauth.getGrant('g1'))?.revokedAt).toBe(110);
  await oauth.prune(120, 0);
  expect(await oauth.findSecret('h-code')).toBeUndefined();
});

it('an answered consent form moves on once, while it lives', async () => {
  const answer = { hash: 'a1', sessionId: 's1', location: 'http://127.0.0.1:1/cb?code=x', expiresAt: 50 };
  await oauth.insertAnswer(answer);
  expect(await oauth.takeAnswer('a1', 's2', 10)).toBeUndefined();
  expect(await oauth.takeAnswer('a1', 's1', 10)).toEqual(answer);
  expect(await oauth.takeAnswer('a1', 's1', 10)).toBeUndefined();
  await oauth.insertAnswer({ ...answer, hash: 'a2' });
  expect(await oauth.takeAnswer('a2', 's1', 50)).toBeUndefined();
});
