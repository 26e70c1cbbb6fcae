import type { ServerResponse } from 'node:http';
import { ALL_SCOPES } from '../../validation/scopes.ts';
import { disconnectApp, listConnectedApps } from '../domain/connectedApps.ts';
import { registerClient } from '../domain/oauthClients.ts';
import { exchangeCode, refreshGrant, requireTokenClient, revokeByToken } from '../domain/oauthTokens.ts';
import { requirePrincipal } from '../http/authenticate.ts';
import type { Ctx, Handler, Router } from '../http/Router.ts';
import { readForm } from '../http/readForm.ts';
import { readJson, sendJson } from '../http/respond.ts';
import { AUTHORIZE_PATH, addAuthorizeRoutes } from './authorizeRoutes.ts';
import { checkResource } from './mcpResource.ts';
import { OAuthError } from './OAuthError.ts';
import { FORM_BODY, REGISTRATION_BODY } from './oauthLimits.ts';
import { registrationAddress } from './registrationAddress.ts';

// Public clients in a browser (the MCP Inspector) call these cross-origin; none of them reads a cookie.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** The authorization server: RFC 8414 metadata, registration, consent, token, revocation; Connected's grants. */
export function addOAuthRoutes(router: Router): Router {
  const metadata: Handler = async (ctx) => sendJson(ctx.res, 200, serverMetadata(ctx), CORS);
  const preflight: Handler = async (ctx) => {
    ctx.res.writeHead(204, CORS).end();
  };
  for (const path of ['/oauth/register', '/oauth/token', '/oauth/revoke'])
    router.add('OPTIONS', path, preflight);
  // The issuer's own path inserted (RFC 8414 §3.1): served only when it is this issuer's path.
  const inserted: Handler = async (ctx) => {
    if (`/${ctx.params.path}` !== new URL(ctx.deps.config.publicUrl).pathname.replace(/\/+$/, ''))
      return sendJson(ctx.res, 404, { code: 'not_found', message: 'No authorization server metadata here' });
    return metadata(ctx);
  };
  addAuthorizeRoutes(router);
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'])
    router
      .add('GET', path, metadata)
      .add('OPTIONS', path, preflight)
      .add('GET', `${path}/:path`, inserted)
      .add('OPTIONS', `${path}/:path`, preflight);
  return router
    .add(
      'POST',
      '/oauth/register',
      oauth(async (ctx) => {
        // JSON only: a text/plain body is a "simple" request any page can send with no preflight.
        const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json')
          throw new OAuthError('invalid_client_metadata', 'The body must be application/json', 415);
        const body = await readJson(ctx.req, REGISTRATION_BODY).catch(() => {
          throw new OAuthError(
            'invalid_client_metadata',
            `The body must be JSON of at most ${REGISTRATION_BODY} bytes`,
          );
        });
        const { oauthRegistrationsPerHour, oauthMaxClients } = ctx.deps.config;
        const client = await registerClient(ctx.deps, body, {
          address: registrationAddress(ctx.req, ctx.deps.config.trustedProxies),
          bounds: { perAddressPerHour: oauthRegistrationsPerHour, maxClients: oauthMaxClients },
        });
        sendJson(ctx.res, 201, client, CORS);
      }),
    )
    .add(
      'POST',
      '/oauth/token',
      oauth(async (ctx) => {
        const form = await oauthForm(ctx);
        const type = form.get('grant_type');
        if (type !== 'authorization_code' && type !== 'refresh_token')
          throw new OAuthError(
            'unsupported_grant_type',
            'grant_type must be authorization_code or refresh_token',
          );
        const clientId = form.get('client_id');
        await requireTokenClient(ctx.deps, clientId);
        const resource = checkResource(ctx.deps.config, form.get('resource'));
        const tokens =
          type === 'authorization_code'
            ? await exchangeCode(
                ctx.deps,
                {
                  code: form.get('code'),
                  clientId,
                  redirectUri: form.get('redirect_uri'),
                  codeVerifier: form.get('code_verifier'),
                },
                resource,
              )
            : await refreshGrant(
                ctx.deps,
                { refreshToken: form.get('refresh_token'), clientId, scope: form.get('scope') },
                resource,
              );
        sendJson(ctx.res, 200, tokens, { ...CORS, pragma: 'no-cache' });
      }),
    )
    .add(
      'POST',
      '/oauth/revoke',
      oauth(async (ctx) => {
        const form = await oauthForm(ctx);
        const token = form.get('token');
        if (!token) throw new OAuthError('invalid_request', 'token is required');
        await revokeByToken(ctx.deps, token, form.get('client_id'));
        sendJson(ctx.res, 200, {}, CORS);
      }),
    )
    .route('GET /api/oauth/grants', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      return { grants: await listConnectedApps(ctx.deps, who) };
    })
    .route('DELETE /api/oauth/grants/:grantId', async (ctx) => {
      // A write, like revoking a token: a read-only token may list apps but not disconnect them.
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await disconnectApp(ctx.deps, who, ctx.params.grantId);
      return { ok: true as const };
    });
}

// /.well-known/openid-configuration serves the same RFC 8414 document: it has no OpenID-only field (this
// server issues no ID tokens), and MCP clients that try OIDC discovery find the server in one request.
function serverMetadata(ctx: Ctx) {
  const base = ctx.deps.config.publicUrl;
  return {
    issuer: base,
    authorization_endpoint: `${base}${AUTHORIZE_PATH}`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    // Client ID Metadata Documents: an https URL client_id, fetched at consent; clients are public (none).
    client_id_metadata_document_supported: true,
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ALL_SCOPES,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/`,
  };
}

/** A form body (RFC 6749 §3.2); anything else is `invalid_request`. */
async function oauthForm(ctx: Ctx): Promise<URLSearchParams> {
  const type = ctx.req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded'))
    throw new OAuthError('invalid_request', 'The body must be application/x-www-form-urlencoded');
  return readForm(ctx.req, FORM_BODY).catch(() => {
    throw new OAuthError('invalid_request', `The body is over ${FORM_BODY} bytes`);
  });
}

/** Answers an `OAuthError` in the standard shape (`{error, error_description}`). */
function oauth(handler: Handler): Handler {
  return async (ctx) => {
    try {
      await handler(ctx);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      sendOAuthError(ctx.res, err, {
        ...CORS,
        ...(err.status === 429 ? { 'retry-after': '3600' } : {}),
      });
    }
  };
}

function sendOAuthError(res: ServerResponse, err: OAuthError, headers: Record<string, string>): void {
  sendJson(res, err.status, { error: err.error, error_description: err.description }, headers);
}
