import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * What a native MCP client keeps while it signs in: an `OAuthClientProvider` in memory, and a real
 * loopback server (RFC 8252) the browser is sent back to with the code.
 */
export async function loopbackClient(name: string, opts: { clientMetadataUrl?: string } = {}) {
  let resolveCode: (code: string) => void = () => undefined;
  let codePromise = new Promise<string>((r) => {
    resolveCode = r;
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const code = url.searchParams.get('code');
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end(code ? 'Signed in: you may close this window' : 'No code');
    if (code) resolveCode(code);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const redirectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  const state = {
    client: undefined as OAuthClientInformationMixed | undefined,
    tokens: undefined as OAuthTokens | undefined,
    verifier: '',
    authorizationUrl: undefined as URL | undefined,
  };
  const provider: OAuthClientProvider = {
    // A client known by its metadata document (CIMD) instead of registering, where the server supports it.
    clientMetadataUrl: opts.clientMetadataUrl,
    get redirectUrl() {
      return redirectUrl;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: name,
        redirect_uris: [redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    },
    clientInformation: () => state.client,
    saveClientInformation: (info) => {
      state.client = info;
    },
    tokens: () => state.tokens,
    saveTokens: (tokens) => {
      state.tokens = tokens;
    },
    redirectToAuthorization: (url) => {
      state.authorizationUrl = url;
    },
    saveCodeVerifier: (verifier) => {
      state.verifier = verifier;
    },
    codeVerifier: () => state.verifier,
  };
  return {
    provider,
    state,
    redirectUrl,
    /** The code the browser brought back (the next one after this call). */
    nextCode: async () => {
      const code = await codePromise;
      codePromise = new Promise<string>((r) => {
        resolveCode = r;
      });
      return code;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
