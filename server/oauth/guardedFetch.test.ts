import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  ClientMetadataDocuments,
  METADATA_CACHE_MAX_MS,
  METADATA_FETCHES_PER_HOST_PER_MINUTE,
  METADATA_FETCHES_PER_PERSON_PER_MINUTE,
  metadataUrlProblem,
} from './clientMetadata.ts';
import { FetchRefused, guardedFetch, refusedAddress } from './guardedFetch.ts';

// Every address class a client metadata fetch must never reach, through an injected resolver that maps a
// public-looking name to it; and the fetch's other bounds against a real local server (loopback mode).

const CLASSES: [string, string][] = [
  ['loopback', '127.0.0.1'],
  ['loopback (other)', '127.5.6.7'],
  ['loopback v6', '::1'],
  ['private 10/8', '10.1.2.3'],
  ['private 172.16/12', '172.20.0.1'],
  ['private 192.168/16', '192.168.1.1'],
  ['unique local fc00::/7', 'fd12:3456::1'],
  ['link-local', '169.254.10.10'],
  ['link-local v6', 'fe80::1'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['0/8', '0.0.0.0'],
  ['0/8 (other)', '0.1.2.3'],
  ['multicast', '224.0.0.1'],
  ['multicast v6', 'ff02::1'],
  ['broadcast', '255.255.255.255'],
  ['IPv4-mapped IPv6', '::ffff:127.0.0.1'],
  ['IPv4-mapped IPv6 (public)', '::ffff:93.184.216.34'],
  ['NAT64', '64:ff9b::a00:1'],
  ['6to4', '2002:a00:1::1'],
  ['cloud metadata', '169.254.169.254'],
  ['cloud metadata v6', 'fd00:ec2::254'],
  ['unspecified v6', '::'],
];

it('refuses every special address class and accepts global unicast', () => {
  for (const [label, address] of CLASSES) expect(refusedAddress(address), label).toBeDefined();
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::1'])
    expect(refusedAddress(address), address).toBeUndefined();
  // The tests' loopback mode lets loopback through, and nothing else.
  expect(refusedAddress('127.0.0.1', true)).toBeUndefined();
  expect(refusedAddress('10.0.0.1', true)).toBeDefined();
});

it('a public-looking name resolving to any special class is refused before connecting', async () => {
  for (const [label, address] of CLASSES) {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    const err = await guardedFetch(new URL('https://client.example.com/meta'), { resolve }).catch((e) => e);
    expect(err, label).toBeInstanceOf(FetchRefused);
    expect(err.message, label).toContain('resolves to a');
    expect(asked, label).toEqual(['client.example.com']);
  }
  // One bad address among good ones is enough to refuse (every resolved address is checked).
  const mixed = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.1', family: 4 },
  ];
  await expect(guardedFetch(new URL('https://client.example.com/meta'), { resolve: mixed })).rejects.toThrow(
    FetchRefused,
  );
  // A literal address is never looked up: it is checked as it is.
  for (const host of ['10.0.0.1', '[::1]', '[::ffff:a00:1]', '169.254.169.254'])
    await expect(guardedFetch(new URL(`https://${host}/meta`))).rejects.toThrow(FetchRefused);
  await expect(guardedFetch(new URL('http://client.example.com/meta'))).rejects.toThrow('only https');
});

let server: http.Server;
let base: string;
let hits: string[];
let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;

beforeEach(async () => {
  hits = [];
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const doc = (id: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({ client_id: id, client_name: 'Agent', redirect_uris: ['http://127.0.0.1:9/cb'], ...over });

it('loopback mode: no redirect followed, a size cap, a timeout, and proxy variables ignored', async () => {
  const opts = { allowLoopback: true, timeoutMs: 300, maxBytes: 64 * 1024 };
  handler = (req, res) => {
    if (req.url === '/redirect') res.writeHead(302, { location: 'http://10.0.0.1/x' }).end();
    else if (req.url === '/big') res.end('x'.repeat(64 * 1024 + 1));
    else if (req.url === '/big-chunked') {
      res.writeHead(200);
      for (let i = 0; i < 80; i++) res.write('x'.repeat(1024));
      res.end();
    } else if (req.url === '/slow') res.writeHead(200).write('{');
    else res.end(doc(`${base}${req.url}`));
  };
  expect((await guardedFetch(new URL(`${base}/redirect`), opts)).status).toBe(302);
  expect(hits).toEqual(['/redirect']);
  await expect(guardedFetch(new URL(`${base}/big`), opts)).rejects.toThrow('over 65536 bytes');
  await expect(guardedFetch(new URL(`${base}/big-chunked`), opts)).rejects.toThrow('over 65536 bytes');
  await expect(guardedFetch(new URL(`${base}/slow`), opts)).rejects.toThrow('within 300 ms');
  // A 64 KiB document is fine (a 5 KiB cap broke on real clients' documents).
  handler = (_req, res) => res.end(' '.repeat(60 * 1024));
  expect((await guardedFetch(new URL(`${base}/ok`), opts)).text).toHaveLength(60 * 1024);
  const saved = { ...process.env };
  Object.assign(process.env, { HTTP_PROXY: 'http://10.9.9.9:1', HTTPS_PROXY: 'http://10.9.9.9:1' });
  try {
    expect((await guardedFetch(new URL(`${base}/direct`), opts)).status).toBe(200);
  } finally {
    process.env = saved;
  }
  // Without loopback mode the same server is never reached.
  await expect(guardedFetch(new URL(`${base}/meta`))).rejects.toThrow(FetchRefused);
  expect(hits).not.toContain('/meta');
});

it('client_id URLs: https with a path, canonical, no fragment, credentials, query or dot segments', () => {
  expect(metadataUrlProblem('https://client.example.com/oauth/meta', false)).toBeUndefined();
  for (const bad of [
    'https://client.example.com',
    'https://client.example.com/',
    'https://client.example.com/meta#frag',
    'https://user:pw@client.example.com/meta',
    'https://client.example.com/a/../meta',
    'https://client.example.com/a/%2e%2e/meta',
    'https://client.example.com/./meta',
    'https://client.example.com/meta?x=1',
    'https://CLIENT.example.com/meta',
    'http://client.example.com/meta',
    'http://127.0.0.1:8080/meta',
    'https://localhost/meta',
    'https://app.localhost/meta',
    'ftp://client.example.com/meta',
  ])
    expect(metadataUrlProblem(bad, false), bad).toBeDefined();
  expect(metadataUrlProblem('http://127.0.0.1:8080/meta', true)).toBeUndefined();
  expect(metadataUrlProblem('http://app.localhost:8080/meta', true)).toBeUndefined();
  expect(metadataUrlProblem('http://client.example.com/meta', true)).toBeDefined();
});

it('documents: checked, cached per Cache-Control for 24 h at most, errors never cached, fetches per host limited', async () => {
  let now = 1_000_000;
  const docs = new ClientMetadataDocuments({ allowLoopback: true, now: () => now });
  let answer: { status: number; headers: Record<string, string>; body: (id: string) => string } = {
    status: 200,
    headers: { 'cache-control': 'max-age=604800' },
    body: (id) => doc(id),
  };
  handler = (req, res) => res.writeHead(answer.status, answer.headers).end(answer.body(`${base}${req.url}`));
  const loaded = await docs.load(`${base}/a`);
  expect(loaded).toEqual({
    id: `${base}/a`,
    host: new URL(base).host,
    name: 'Agent',
    redirectUris: ['http://127.0.0.1:9/cb'],
  });
  await docs.load(`${base}/a`);
  expect(hits).toEqual(['/a']);
  now += METADATA_CACHE_MAX_MS + 1;
  await docs.load(`${base}/a`);
  expect(hits).toEqual(['/a', '/a']);
  // An error, then a fixed document: the error was not kept.
  answer = { status: 500, headers: {}, body: () => 'oops' };
  await expect(docs.load(`${base}/b`)).rejects.toThrow('answered 500');
  answer = { status: 200, headers: { 'cache-control': 'no-store' }, body: (id) => doc(id) };
  expect((await docs.load(`${base}/b`)).name).toBe('Agent');
  await docs.load(`${base}/b`);
  expect(hits.filter((h) => h === '/b')).toHaveLength(3);
  // Invalid documents are refused (and never cached).
  for (const [over, text] of [
    [{ client_id: 'https://other.example/meta' }, 'another client_id'],
    [{ token_endpoint_auth_method: 'client_secret_basic' }, 'client secret'],
    [{ client_secret: 's3cret' }, 'client secret'],
    [{ redirect_uris: [] }, 'redirect_uris'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'bad redirect URI'],
  ] as [Record<string, unknown>, string][]) {
    answer = { status: 200, headers: {}, body: (id) => doc(id, over) };
    await expect(docs.load(`${base}/c`), text).rejects.toThrow(text);
  }
  answer = { status: 302, headers: { location: '/a' }, body: () => '' };
  await expect(docs.load(`${base}/d`)).rejects.toThrow('redirects are not followed');
  // The host has had its fetches this minute.
  answer = { status: 200, headers: { 'cache-control': 'no-store' }, body: (id) => doc(id) };
  const tries = await Promise.allSettled(
    Array.from({ length: METADATA_FETCHES_PER_HOST_PER_MINUTE }, () => docs.load(`${base}/e`)),
  );
  expect(tries.some((t) => t.status === 'rejected' && String(t.reason).includes('a minute'))).toBe(true);
  now += 60_000;
  expect((await docs.load(`${base}/e`)).name).toBe('Agent');
});

it('without the loopback setting a loopback client_id is never fetched', async () => {
  handler = (req, res) => res.end(doc(`${base}${req.url}`));
  const docs = new ClientMetadataDocuments({ now: Date.now });
  await expect(docs.load(`${base}/meta`)).rejects.toThrow('never fetched');
  expect(hits).toEqual([]);
});

it('one person’s fetches are limited whatever hosts they name (a wildcard domain has hosts without end)', async () => {
  handler = (req, res) => res.end(doc(`http://${req.headers.host}${req.url}`));
  const docs = new ClientMetadataDocuments({ allowLoopback: true, now: () => 5_000_000 });
  const port = new URL(base).port;
  const url = (i: number) => `http://h${i}.localhost:${port}/meta`;
  for (let i = 0; i < METADATA_FETCHES_PER_PERSON_PER_MINUTE; i++) await docs.load(url(i), 'p1');
  await expect(docs.load(url(999), 'p1')).rejects.toThrow('for you');
  expect((await docs.load(url(999), 'p2')).host).toBe(`h999.localhost:${port}`);
});
