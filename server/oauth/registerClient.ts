import { newId } from '../domain/ids.ts';
import type { OAuthStore } from '../store/OAuthStore.ts';
import { OAuthError } from './OAuthError.ts';
import { MAX_CLIENT_NAME, MAX_REDIRECT_URIS, UNUSED_CLIENT_MS } from './oauthLimits.ts';
import { redirectUriProblem } from './redirectUris.ts';

export interface RegistrationBounds {
  perAddressPerHour: number;
  maxClients: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * RFC 7591 dynamic registration of a public client (no secret; PKCE proves the caller). Unauthenticated,
 * so bounded: per address and hour, a total count, and field sizes. Returns the registration response.
 */
export async function registerClient(
  store: OAuthStore,
  body: unknown,
  opts: { address: string; now: number; bounds: RegistrationBounds },
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

  await store.prune(opts.now, opts.now - UNUSED_CLIENT_MS);
  const { perAddressPerHour, maxClients } = opts.bounds;
  if ((await store.countClientsSince(opts.address, opts.now - HOUR_MS)) >= perAddressPerHour)
    throw new OAuthError(
      'temporarily_unavailable',
      `At most ${perAddressPerHour} registrations an hour from one address; try again later`,
      429,
    );
  if ((await store.countClients()) >= maxClients)
    throw new OAuthError('temporarily_unavailable', `This server holds at most ${maxClients} apps`, 429);
  const client = {
    id: newId('c', 16),
    name,
    redirectUris: uris as string[],
    createdAt: opts.now,
    createdBy: opts.address,
  };
  await store.insertClient(client);
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(opts.now / 1000),
    client_name: name,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}
