import { CodedError } from '../../validation/errorCodes.ts';
import { MAX_JSON_DEPTH } from '../../validation/jsonDepth.ts';
import { MCP_PATH, scopeFor } from '../../validation/mcpTools.ts';
import type { Principal } from '../domain/auth.ts';
import { resolveToken } from '../domain/auth.ts';
import { resolveAccessToken } from '../domain/oauthTokens.ts';
import type { Ctx, Router } from '../http/Router.ts';
import { readJson, sendJson } from '../http/respond.ts';
import { PollPacer } from './PollPacer.ts';
import { refusedOnHeaders, serveMcp } from './serveMcp.ts';

const METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
// Far above the proposal limits, so oversized files come back as a too_large tool result.
const MCP_BODY = 4 * 1024 * 1024;
// A call's arguments sit 3 levels into its JSON-RPC message (4 in a batch): the tool checks them to the level.
const MCP_DEPTH = MAX_JSON_DEPTH + 4;
const PARSE_FAILED = Symbol('parse failed');

/** The MCP endpoint (stateless Streamable HTTP, JSON responses, both eras: see serveMcp) and its RFC 9728 metadata. */
export function addMcpRoutes(router: Router): Router {
  const pacer = new PollPacer();
  const metadata = async (ctx: Ctx) => {
    const base = ctx.deps.config.publicUrl;
    sendJson(ctx.res, 200, {
      resource: `${base}${MCP_PATH}`,
      scopes_supported: ['osfoundry:read', 'osfoundry:write'],
      bearer_methods_supported: ['header'],
      // This server is the resource's authorization server (RFC 8414 metadata at its root).
      authorization_servers: [base],
      resource_name: 'Rooms',
      resource_documentation: `${base}/`,
    });
  };
  return router
    .add('GET', METADATA_PATH, metadata)
    .add('GET', '/.well-known/oauth-protected-resource', metadata)
    .add('POST', MCP_PATH, async (ctx) => {
      const body = await readJson(ctx.req, MCP_BODY, MCP_DEPTH).catch((err: unknown) => {
        if (!(err instanceof CodedError) || err.code !== 'invalid_json') throw err;
        // JSON-RPC's own answer to a body that is not JSON, so MCP clients report it as such.
        sendJson(ctx.res, 400, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32700, message: 'Parse error: the body is not valid JSON' },
        });
        return PARSE_FAILED;
      });
      if (body === PARSE_FAILED) return;
      // Refused on its headers: answered by the SDK before any tool runs, so without a token.
      const who = refusedOnHeaders(ctx, body) ? 'anonymous' : await gate(ctx, body);
      if (!who) return;
      const auth =
        who === 'anonymous'
          ? undefined
          : {
              token: '',
              clientId: who.tokenId ?? who.personId,
              scopes: who.scopes,
              extra: { principal: who },
            };
      await serveMcp(ctx, { ...ctx.deps, pacer }, body, auth);
    });
}

/**
 * `initialize`, `server/discover` and `tools/list` are open; a `tools/call` needs a valid bearer token (401 with the
 * challenge) carrying the tool's scope (403). Returns undefined when it answered the request itself.
 */
async function gate(ctx: Ctx, body: unknown): Promise<Principal | 'anonymous' | undefined> {
  const messages = (Array.isArray(body) ? body : [body]) as {
    method?: unknown;
    params?: { name?: unknown };
  }[];
  const calls = messages.filter((m) => m && typeof m === 'object' && m.method === 'tools/call');
  const header = ctx.req.headers.authorization ?? '';
  const secret = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
  const token = secret ? await bearer(ctx, secret) : undefined;
  if (calls.length === 0) return token ?? 'anonymous';
  const resourceMetadata = `${ctx.deps.config.publicUrl}${METADATA_PATH}`;
  if (!token) {
    sendJson(
      ctx.res,
      401,
      { code: 'invalid_token', message: 'Connect osFoundry to continue' },
      {
        'www-authenticate': `Bearer resource_metadata="${resourceMetadata}", error="invalid_token", error_description="Connect osFoundry to continue"`,
      },
    );
    return undefined;
  }
  const missing = calls.map((c) => scopeFor(c.params?.name)).find((scope) => !token.scopes.includes(scope));
  if (missing) {
    sendJson(
      ctx.res,
      403,
      {
        code: 'insufficient_scope',
        message: `This tool needs the ${missing} scope`,
        detail: { scope: missing },
      },
      {
        'www-authenticate': `Bearer resource_metadata="${resourceMetadata}", error="insufficient_scope", scope="${missing}", error_description="This tool needs the ${missing} scope"`,
      },
    );
    return undefined;
  }
  return token;
}

/** A personal access token, or an OAuth access token bound to this endpoint. */
async function bearer(ctx: Ctx, secret: string): Promise<Principal | undefined> {
  const now = ctx.deps.now();
  const token = await resolveToken(ctx.deps.store, secret, now);
  if (token) return { personId: token.personId, scopes: token.scopes, via: 'token', tokenId: token.id };
  const resource = `${ctx.deps.config.publicUrl}${MCP_PATH}`;
  return resolveAccessToken(ctx.deps, secret, { now, resource });
}
