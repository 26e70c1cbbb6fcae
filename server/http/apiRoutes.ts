import { CodedError } from '../../validation/errorCodes.ts';
import { frameOrigin, sandpackOrigin } from '../config.ts';
import { readAppAbout } from '../domain/appAbout.ts';
import { createSession, endSession, resolveToken, sessionFromToken } from '../domain/auth.ts';
import { credentialsChanged } from '../domain/credentialsChanged.ts';
import { listRooms, readAppFiles, readLauncher } from '../domain/rooms.ts';
import { addMcpRoutes } from '../mcp/mcpRoutes.ts';
import { REGISTRY_PATH } from '../npm/serveRegistry.ts';
import { addOAuthRoutes } from '../oauth/oauthRoutes.ts';
import { addAccountRoutes } from './accountRoutes.ts';
import { requirePrincipal, SESSION_COOKIE } from './authenticate.ts';
import { bundlePath } from './frameHost.ts';
import { Reply, Router } from './Router.ts';
import { parseCookies, readJson } from './respond.ts';
import { addReviewRoutes } from './reviewRoutes.ts';
import { checkSameOrigin } from './sameOrigin.ts';
import { clearedSessionCookie, sessionCookie } from './sessionCookie.ts';

const SMALL_BODY = 16 * 1024;

/** The shell's JSON API. Handlers stay thin: parse, call the domain, answer. */
export function apiRoutes(): Router {
  const router = new Router()
    .route('GET /healthz', async () => ({ ok: true }))
    .route('GET /api/me', async (ctx) => {
      const who = await requirePrincipal(ctx);
      const person = await ctx.deps.store.getPerson(who.personId);
      return { person: { id: who.personId, name: person?.name ?? '' }, scopes: who.scopes };
    })
    .route('POST /api/session', async (ctx) => {
      // Login CSRF: another site must not sign this browser in to an account of its choosing.
      checkSameOrigin(ctx, { requireOrigin: false });
      const body = (await readJson(ctx.req, SMALL_BODY)) as { token?: unknown } | undefined;
      const secret = typeof body?.token === 'string' ? body.token.trim() : '';
      const token = await resolveToken(ctx.deps.store, secret, ctx.deps.now());
      if (!token) throw new CodedError('invalid_token', 'That token is not valid or was revoked');
      const session = await createSession(ctx.deps.store, sessionFromToken(token), ctx.deps.now());
      return new Reply(200, { ok: true }, { 'set-cookie': sessionCookie(ctx.deps.config, session) });
    })
    .route('DELETE /api/session', async (ctx) => {
      const secret = parseCookies(ctx.req.headers.cookie)[SESSION_COOKIE];
      if (secret) {
        await endSession(ctx.deps.store, secret);
        credentialsChanged(ctx.deps.bus);
      }
      return new Reply(200, { ok: true }, { 'set-cookie': clearedSessionCookie() });
    })
    .route('GET /api/rooms', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const rooms = await listRooms(ctx.deps.store, who);
      return { rooms };
    })
    .route('GET /api/rooms/:roomId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const launcher = await readLauncher(ctx.deps, who, ctx.params.roomId);
      const registry = ctx.deps.registry;
      const apps = await Promise.all(
        launcher.apps.map(async ({ bundleHash, ...app }) => ({
          ...app,
          frame_url: `${frameOrigin(ctx.deps.config, app.id)}/`,
          // On the app's own frame site: the frame's CSP already allows that site's scripts.
          packages_url: bundleHash
            ? `${frameOrigin(ctx.deps.config, app.id)}${bundlePath(bundleHash)}`
            : null,
          sandpack_url: app.dependencies ? `${sandpackOrigin(ctx.deps.config, app.id)}/` : null,
          // The only registry path that serves this app's reviewed packages.
          registry_url:
            app.dependencies && registry
              ? `${ctx.deps.config.publicUrl}${REGISTRY_PATH}${await registry.capability(launcher.room.id, app.id)}/`
              : null,
        })),
      );
      return { room: launcher.room, apps };
    })
    .route('GET /api/rooms/:roomId/apps/:appId/files', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const files = await readAppFiles(ctx.deps.store, who, ctx.params.roomId, ctx.params.appId);
      return { files };
    })
    .route('GET /api/rooms/:roomId/apps/:appId/about', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const { roomId, appId } = ctx.params;
      return { about: await readAppAbout(ctx.deps, who, roomId, appId) };
    });
  return addOAuthRoutes(addMcpRoutes(addAccountRoutes(addReviewRoutes(router))));
}
