import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to every address it has (the injected one in tests). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface GuardedFetchOptions {
  /** Tests only: http and loopback addresses (127.0.0.0/8, ::1) are allowed too. */
  allowLoopback?: boolean;
  resolve?: Resolver;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Why a fetch was refused or failed; its message is safe to show (it names no resolved address). */
export class FetchRefused extends Error {}

export const FETCH_MAX_BYTES = 64 * 1024;
export const FETCH_TIMEOUT_MS = 5_000;

const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

// Allowlist: only global unicast, minus what the ranges below carve out of it.
const GLOBAL_V6 = new BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');
const SPECIAL: [string, string, number, 'ipv4' | 'ipv6'][] = [
  ['this network (0/8)', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['carrier-grade NAT', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local or cloud metadata', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['special-purpose', '192.0.0.0', 24, 'ipv4'],
  ['documentation', '192.0.2.0', 24, 'ipv4'],
  ['6to4 relay', '192.88.99.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['benchmarking', '198.18.0.0', 15, 'ipv4'],
  ['documentation', '198.51.100.0', 24, 'ipv4'],
  ['documentation', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved or broadcast', '240.0.0.0', 4, 'ipv4'],
  ['Teredo', '2001::', 32, 'ipv6'],
  ['special-purpose', '2001::', 23, 'ipv6'],
  ['documentation', '2001:db8::', 32, 'ipv6'],
  ['6to4', '2002::', 16, 'ipv6'],
  ['documentation', '3fff::', 20, 'ipv6'],
];
const SPECIAL_LISTS = SPECIAL.map(([label, net, prefix, type]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return { label, list, type };
});

/** `localhost`, a `*.localhost` name, or a loopback literal (127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** Why this address may not be fetched from (its class), or undefined for a global unicast one. */
export function refusedAddress(address: string, allowLoopback = false): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (allowLoopback && (bare === '::1' || (family === 4 && bare.startsWith('127.')))) return undefined;
  if (family === 6) {
    const lower = bare.toLowerCase();
    // Named first so the refusal says what it is; every one is outside 2000::/3 anyway.
    if (/^::ffff:/.test(lower)) return 'IPv4-mapped IPv6';
    if (/^64:ff9b:/.test(lower)) return 'NAT64';
    if (lower === '::1') return 'loopback';
    if (lower === 'fd00:ec2::254') return 'cloud metadata';
    if (/^f[cd]/.test(lower)) return 'private (unique local)';
    if (/^fe[89ab]/.test(lower)) return 'link-local';
    if (/^ff/.test(lower)) return 'multicast';
    if (!GLOBAL_V6.check(bare, 'ipv6')) return 'not global unicast';
  }
  if (family === 4 && bare === '169.254.169.254') return 'cloud metadata';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return SPECIAL_LISTS.find((s) => s.type === type && s.list.check(bare, type))?.label;
}

/**
 * GET `url` for a server-side fetch a stranger chose (a client metadata document): https only; every
 * address the name resolves to is checked inside the connection's own lookup (no re-resolution after
 * the check); no proxy, no redirect followed, a size cap and a timeout.
 */
export async function guardedFetch(url: URL, opts: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const allowLoopback = opts.allowLoopback === true;
  const maxBytes = opts.maxBytes ?? FETCH_MAX_BYTES;
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const resolve = opts.resolve ?? defaultResolve;
  // Plain http only in the tests' loopback mode, and only to a loopback host.
  const plainHttp = url.protocol === 'http:' && allowLoopback && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !plainHttp) throw new FetchRefused('only https URLs are fetched');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without any lookup: it is checked here.
  if (isIP(hostname)) {
    const why = refusedAddress(hostname, allowLoopback);
    if (why) throw new FetchRefused(`its host is a ${why} address`);
  }
  const lookup = (
    host: string,
    options: { all?: boolean },
    callback: (
      err: Error | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void,
  ) => {
    // *.localhost is loopback by definition (RFC 6761), whatever the system resolver says.
    const answer =
      allowLoopback && /(^|\.)localhost$/i.test(host)
        ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
        : resolve(host);
    answer
      .then((found) => {
        if (found.length === 0) throw new FetchRefused(`${host} has no address`);
        for (const entry of found) {
          const why = refusedAddress(entry.address, allowLoopback);
          if (why) throw new FetchRefused(`${host} resolves to a ${why} address`);
          if (plainHttp && !isLoopbackHost(entry.address))
            throw new FetchRefused('only https URLs are fetched');
        }
        const first = found[0] as { address: string; family: number };
        if (options.all) callback(null, found);
        else callback(null, first.address, first.family);
      })
      .catch((err: Error) =>
        callback(err instanceof FetchRefused ? err : new FetchRefused(`${host} could not be resolved`), ''),
      );
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<GuardedResponse>((done, fail) => {
    const req = client.request(url, {
      method: 'GET',
      // A fresh agent: no pooled socket to another address, and no proxy (Node's agents read no proxy variables).
      agent: false,
      lookup: lookup as never,
      // The tests' loopback mode serves documents with a throwaway certificate, and only from this machine.
      rejectUnauthorized: !(allowLoopback && isLoopbackHost(url.hostname)),
      headers: { accept: 'application/json', 'user-agent': 'room-launcher (client metadata)' },
      timeout: timeoutMs,
    });
    const timer = setTimeout(
      () => req.destroy(new FetchRefused(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (err: Error | undefined, value?: GuardedResponse) => {
      clearTimeout(timer);
      if (err)
        fail(err instanceof FetchRefused ? err : new FetchRefused(`the fetch failed (${err.message})`));
      else done(value as GuardedResponse);
    };
    req.on('timeout', () => req.destroy(new FetchRefused(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => finish(err));
    req.on('response', (res) => {
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
        req.destroy(new FetchRefused(`the document is over ${maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) req.destroy(new FetchRefused(`the document is over ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on('error', (err) => finish(err));
      res.on('end', () =>
        finish(undefined, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.end();
  });
}
