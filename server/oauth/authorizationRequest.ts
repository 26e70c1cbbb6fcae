import type { Scope } from '../../validation/scopes.ts';
import type { Config } from '../config.ts';
import type { RequestClient } from '../domain/oauthClients.ts';
import { checkResource } from './mcpResource.ts';
import { OAuthError } from './OAuthError.ts';
import { parseScopes } from './oauthScopes.ts';
import { matchRedirectUri } from './redirectUris.ts';

export interface AuthorizationRequest {
  client: RequestClient;
  redirectUri: string;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
  state: string | null;
}

/** A request that cannot go back to the client: its client or redirect URI is not one we know. */
export class UnsafeRedirect extends Error {}

/** An error the client hears about at its (registered) redirect URI. */
export class RedirectedError extends Error {
  constructor(
    readonly redirectUri: string,
    readonly state: string | null,
    readonly oauth: OAuthError,
  ) {
    super(oauth.description);
  }
}

/**
 * Checks `GET /oauth/authorize`'s parameters: the client and redirect URI first (their failures are
 * shown here, never redirected), then the rest (redirected to the client with the standard error).
 */
export async function readAuthorizationRequest(
  findClient: (clientId: string) => Promise<RequestClient | undefined>,
  config: Config,
  params: URLSearchParams,
): Promise<AuthorizationRequest> {
  const clientId = params.get('client_id') ?? '';
  const client = clientId ? await findClient(clientId) : undefined;
  if (!client) throw new UnsafeRedirect('This app is not registered here (unknown client_id).');
  const asked = params.get('redirect_uri');
  const redirectUri =
    asked === null
      ? client.redirectUris.length === 1
        ? client.redirectUris[0]
        : undefined
      : matchRedirectUri(client.redirectUris, asked);
  if (!redirectUri) throw new UnsafeRedirect('The redirect_uri is not one this app registered.');
  const state = params.get('state');
  const fail = (error: OAuthError['error'], text: string): never => {
    throw new RedirectedError(redirectUri, state, new OAuthError(error, text));
  };
  if (params.get('response_type') !== 'code') fail('unsupported_response_type', 'response_type must be code');
  const codeChallenge = params.get('code_challenge') ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))
    fail('invalid_request', 'code_challenge is required: the S256 hash of a code verifier, base64url');
  if (params.get('code_challenge_method') !== 'S256')
    fail('invalid_request', 'code_challenge_method must be S256');
  try {
    const scopes = parseScopes(params.get('scope'));
    const resource = checkResource(config, params.get('resource'));
    return { client, redirectUri, codeChallenge, scopes, resource, state };
  } catch (err) {
    if (err instanceof OAuthError) fail(err.error, err.description);
    throw err;
  }
}

/** The client's redirect URI with these parameters added (and `iss`, RFC 9207). */
export function redirectTo(
  redirectUri: string,
  config: Config,
  params: Record<string, string | null>,
): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  url.searchParams.set('iss', config.publicUrl);
  return url.href;
}
