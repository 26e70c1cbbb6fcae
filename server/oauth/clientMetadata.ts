import { type FetchRefused, type GuardedFetchOptions, guardedFetch, isLoopbackHost } from './guardedFetch.ts';
import { MAX_CLIENT_NAME, MAX_REDIRECT_URI_LENGTH } from './oauthLimits.ts';
import { redirectUriProblem } from './redirectUris.ts';

/** A client known by its metadata document (CIMD): its URL is its id, its host its verified identity. */
export interface MetadataClient {
  id: string;
  host: string;
  /** Self-declared, shown as such. */
  name: string;
  redirectUris: string[];
}

/** A client_id URL or document this server will not use; the message says why, for the error page. */
export class MetadataRefused extends Error {}

export const METADATA_CACHE_MAX_MS = 24 * 60 * 60 * 1000;
/** A document without Cache-Control freshness is kept this long. */
export const METADATA_CACHE_DEFAULT_MS = 5 * 60 * 1000;
export const METADATA_FETCHES_PER_HOST_PER_MINUTE = 10;
/** One person's fetches a minute, whatever hosts they name (a wildcard domain has hosts without end). */
export const METADATA_FETCHES_PER_PERSON_PER_MINUTE = 30;
const CACHE_ENTRIES = 500;
const MAX_DOCUMENT_REDIRECT_URIS = 20;

/** A client_id that names a metadata document (an http(s) URL) rather than a registration. */
export function isMetadataClientId(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

/**
 * Why this client_id URL may not be fetched, or undefined: https with a path, written canonically, no
 * fragment, credentials, query or dot segments; a loopback host only in the tests' loopback mode.
 */
export function metadataUrlProblem(clientId: string, allowLoopback: boolean): string | undefined {
  if (clientId.length > MAX_REDIRECT_URI_LENGTH)
    return `a client_id URL is at most ${MAX_REDIRECT_URI_LENGTH} characters`;
  if (/[\s"'<>\\;,^`{}|]/.test(clientId) || clientId.includes('#'))
    return 'a client_id URL may not contain spaces, quotes, <, >, \\, ;, , or a fragment';
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'the client_id is not an absolute URL';
  }
  if (url.username || url.password) return 'a client_id URL may not carry credentials';
  if (url.search) return 'a client_id URL may not have a query';
  const rawPath = /^[a-z]+:\/\/[^/]*(\/.*)?$/i.exec(clientId)?.[1] ?? '';
  if (rawPath.split('/').some((s) => /^(\.|%2e){1,2}$/i.test(s)))
    return 'a client_id URL may not have . or .. segments';
  if (url.href !== clientId) return `a client_id URL must be written canonically (${url.href})`;
  if (url.pathname === '/' || url.pathname === '') return 'a client_id URL must have a path';
  if (isLoopbackHost(url.hostname))
    return allowLoopback ? undefined : 'a client_id URL on a loopback host is never fetched';
  if (url.protocol !== 'https:') return 'a client_id URL must be https';
  return undefined;
}

interface Cached {
  client: MetadataClient;
  until: number;
}

/**
 * Fetches and checks client metadata documents through the guarded fetch: cached per Cache-Control (24 h
 * at most; failures and invalid documents never), at most METADATA_FETCHES_PER_HOST_PER_MINUTE fetches
 * a host. Call it only for a signed-in person (so a stranger cannot make this server fetch).
 */
export class ClientMetadataDocuments {
  private readonly cache = new Map<string, Cached>();
  private readonly fetches = new Map<string, { start: number; count: number }>();

  constructor(private readonly opts: GuardedFetchOptions & { now: () => number }) {}

  /** The checked document of `clientId`, fetched (counted against the host and `personId`) unless cached. */
  async load(clientId: string, personId = ''): Promise<MetadataClient> {
    const problem = metadataUrlProblem(clientId, this.opts.allowLoopback === true);
    if (problem) throw new MetadataRefused(problem);
    const now = this.opts.now();
    const hit = this.cache.get(clientId);
    if (hit && hit.until > now) return hit.client;
    this.cache.delete(clientId);
    const url = new URL(clientId);
    this.countFetch(`host:${url.host}`, METADATA_FETCHES_PER_HOST_PER_MINUTE, now, `from ${url.host}`);
    this.countFetch(`person:${personId}`, METADATA_FETCHES_PER_PERSON_PER_MINUTE, now, 'for you');
    let res: Awaited<ReturnType<typeof guardedFetch>>;
    try {
      res = await guardedFetch(url, this.opts);
    } catch (err) {
      throw new MetadataRefused(
        `Its client metadata document could not be fetched: ${(err as FetchRefused).message}`,
      );
    }
    if (res.status !== 200)
      throw new MetadataRefused(
        res.status >= 300 && res.status < 400
          ? `Its client metadata document answered a redirect (${res.status}); redirects are not followed`
          : `Its client metadata document answered ${res.status}, not 200`,
      );
    const client = checkDocument(clientId, url.host, res.text);
    const ttl = freshness(res.headers['cache-control']);
    if (ttl > 0) {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(clientId, { client, until: now + ttl });
    }
    return client;
  }

  private countFetch(key: string, max: number, now: number, whose: string): void {
    let w = this.fetches.get(key);
    if (!w || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      this.fetches.set(key, w);
      if (this.fetches.size > CACHE_ENTRIES)
        for (const [key, old] of this.fetches) if (now - old.start >= 60_000) this.fetches.delete(key);
    }
    if (w.count >= max)
      throw new MetadataRefused(
        `Too many client metadata fetches ${whose}: at most ${max} a minute; try again shortly`,
      );
    w.count++;
  }
}

/** How long a document may be kept: its max-age (s-maxage ignored), 24 h at most; 0 for no-store/no-cache. */
function freshness(header: string | undefined): number {
  if (header === undefined) return METADATA_CACHE_DEFAULT_MS;
  const text = header.toLowerCase();
  if (/(^|[\s,])(no-store|no-cache|private)([\s,=]|$)/.test(text)) return 0;
  const age = /(?:^|[\s,])max-age\s*=\s*"?(\d+)/.exec(text)?.[1];
  if (age === undefined) return METADATA_CACHE_DEFAULT_MS;
  return Math.min(Number(age) * 1000, METADATA_CACHE_MAX_MS);
}

function checkDocument(clientId: string, host: string, text: string): MetadataClient {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new MetadataRefused('Its client metadata document is not JSON');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new MetadataRefused('Its client metadata document is not a JSON object');
  const meta = doc as Record<string, unknown>;
  if (meta.client_id !== clientId)
    throw new MetadataRefused('Its client metadata document names another client_id than its own URL');
  const method = meta.token_endpoint_auth_method ?? 'none';
  if (method !== 'none' || 'client_secret' in meta)
    throw new MetadataRefused(
      'Its client metadata document uses a client secret or another authentication method than none',
    );
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_DOCUMENT_REDIRECT_URIS)
    throw new MetadataRefused(
      `Its client metadata document must list 1 to ${MAX_DOCUMENT_REDIRECT_URIS} redirect_uris`,
    );
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem)
      throw new MetadataRefused(`Its client metadata document lists a bad redirect URI: ${problem}`);
  }
  const grants = meta.grant_types ?? ['authorization_code'];
  if (!Array.isArray(grants) || !grants.includes('authorization_code'))
    throw new MetadataRefused('Its client metadata document must allow the authorization_code grant');
  const rawName = typeof meta.client_name === 'string' ? meta.client_name.slice(0, MAX_CLIENT_NAME) : '';
  // Shown on the consent page: control and bidi characters could disguise it.
  const name = rawName.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || host;
  return { id: clientId, host, name, redirectUris: uris as string[] };
}
