import { ClientMetadataDocuments, isMetadataClientId } from '../oauth/clientMetadata.ts';
import { OAuthError } from '../oauth/OAuthError.ts';
import {
  MAX_CLIENT_NAME,
  MAX_REDIRECT_URIS,
  PENDING_CLIENT_MS,
  PENDING_PER_ADDRESS,
  PENDING_POOL,
} from '../oauth/oauthLimits.ts';
import { redirectUriProblem } from '../oauth/redirectUris.ts';
import type { OAuthClientRow } from '../store/OAuthStore.ts';
import type { OAuthDeps } from './DomainDeps.ts';
import { newId } from './ids.ts';

export interface RegistrationBounds {
  perAddressPerHour: number;
  maxClients: number;
  /** Registrations waiting for consent kept at most (tests set a small one). */
  pendingPool?: number;
}

const HOUR_MS = 60 * 60 * 1000;

type Deps = Pick<OAuthDeps, 'oauth' | 'now'>;

/** The client a request names: registered here, or (CIMD) from its checked metadata document. */
export type RequestClient = Pick<OAuthClientRow, 'id' | 'name' | 'redirectUris'>;

/**
 * RFC 7591 dynamic registration of a public client (no secret; PKCE proves the caller). Unauthenticated,
 * so bounded: it waits in a pool of its own until someone allows it (an hour at most; past the pool's
 * bound the oldest goes, an address's own first), and only consented clients count toward the address's
 * hourly budget and the total cap, so nobody spends them for others. Returns the registration response.
 */
export async function registerClient(
  d: Deps,
  body: unknown,
  opts: { address: string; bounds: RegistrationBounds },
): Promise<Record<string, unknown>> {
  const meta = (body && typeof body === 'object' && !Array.isArray(body) ? body : undefined) as
    | Record<string, unknown>
    | undefined;
  if (!meta) throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object');
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS)
    throw new OAuthError('invalid_redirect_uri', `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs`);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  const method = meta.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    throw new OAuthError(
      'invalid_client_metadata',
      'Only public clients are registered: token_endpoint_auth_method must be none',
    );
  const grants = meta.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!Array.isArray(grants) || !grants.every((g) => g === 'authorization_code' || g === 'refresh_token'))
    throw new OAuthError(
      'invalid_client_metadata',
      'grant_types may list authorization_code and refresh_token',
    );
  const responses = meta.response_types ?? ['code'];
  if (!Array.isArray(responses) || !responses.every((r) => r === 'code'))
    throw new OAuthError('invalid_client_metadata', 'response_types may list code only');
  const rawName = meta.client_name ?? '';
  if (typeof rawName !== 'string' || rawName.length > MAX_CLIENT_NAME)
    throw new OAuthError(
      'invalid_client_metadata',
      `client_name is a string of at most ${MAX_CLIENT_NAME} characters`,
    );
  // Shown on the consent page and in Connected: control and bidi characters could disguise it.
  const name = rawName.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || 'Unnamed app';

  const now = d.now();
  await d.oauth.prune(now, now - PENDING_CLIENT_MS);
  const { perAddressPerHour, maxClients, pendingPool = PENDING_POOL } = opts.bounds;
  if ((await d.oauth.countClientsSince(opts.address, now - HOUR_MS)) >= perAddressPerHour)
    throw new OAuthError(
      'temporarily_unavailable',
      `At most ${perAddressPerHour} registrations an hour from one address; try again later`,
      429,
    );
  if ((await d.oauth.countClients()) >= maxClients)
    throw new OAuthError('temporarily_unavailable', `This server holds at most ${maxClients} apps`, 429);
  // Room in the pool: an address loses its own oldest first, then the oldest anywhere goes.
  while ((await d.oauth.countPendingClients(opts.address)) >= PENDING_PER_ADDRESS)
    if (!(await d.oauth.dropOldestPending(opts.address))) break;
  while ((await d.oauth.countPendingClients()) >= pendingPool)
    if (!(await d.oauth.dropOldestPending()))
      throw new OAuthError(
        'temporarily_unavailable',
        'Too many apps are connecting right now; try again later',
        429,
      );
  const client = {
    id: newId('c', 16),
    name,
    redirectUris: uris as string[],
    createdAt: now,
    createdBy: opts.address,
    consentedAt: null,
  };
  await d.oauth.insertClient(client);
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(now / 1000),
    client_name: name,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

const documents = new WeakMap<Deps, ClientMetadataDocuments>();

/**
 * The client an authorization request names: registered here, or (an https client_id, for a signed-in
 * `person`) from its (cached) checked metadata document, kept as a client row so its grants can name it.
 */
export async function requestClient(
  d: Deps,
  clientId: string,
  person?: { personId: string; allowLoopback: boolean },
): Promise<RequestClient | undefined> {
  if (!person || !isMetadataClientId(clientId)) return d.oauth.getClient(clientId);
  let docs = documents.get(d);
  if (!docs) {
    docs = new ClientMetadataDocuments({ allowLoopback: person.allowLoopback, now: d.now });
    documents.set(d, docs);
  }
  const client = await docs.load(clientId, person.personId);
  await d.oauth.putMetadataClient(client, d.now());
  return client;
}
