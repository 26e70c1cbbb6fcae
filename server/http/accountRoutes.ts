import { createInvite, listInvites, listMembers, removeMember, revokeInvite } from '../domain/members.ts';
import { createRepository, createVersion, readRepository, readVersionFor } from '../domain/repositories.ts';
import { createRoom } from '../domain/roomAdmin.ts';
import { createToken, listTokens, revokeToken } from '../domain/tokens.ts';
import { requirePrincipal } from './authenticate.ts';
import { Reply, type Router } from './Router.ts';
import { readJson } from './respond.ts';

const SMALL_BODY = 16 * 1024;
const VERSION_BODY = 1024 * 1024;

/** Rooms, members and invites, personal tokens, repositories and their versions. */
export function addAccountRoutes(router: Router): Router {
  return router
    .route('POST /api/rooms', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as { name?: unknown } | undefined;
      return new Reply(201, { room: await createRoom(ctx.deps, who, body?.name) });
    })
    .route('GET /api/rooms/:roomId/members', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      return { members: await listMembers(ctx.deps, who, ctx.params.roomId) };
    })
    .route('DELETE /api/rooms/:roomId/members/:personId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await removeMember(ctx.deps, who, ctx.params.roomId, ctx.params.personId);
      return { ok: true };
    })
    .route('POST /api/rooms/:roomId/invites', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = ((await readJson(ctx.req, SMALL_BODY)) ?? {}) as { expires_in_hours?: unknown };
      const { invite, secret } = await createInvite(ctx.deps, who, ctx.params.roomId, body);
      const url = `${ctx.deps.config.publicUrl}/?invite=${encodeURIComponent(secret)}`;
      return new Reply(201, { invite: { ...invite, url } });
    })
    .route('GET /api/rooms/:roomId/invites', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      return { invites: await listInvites(ctx.deps, who, ctx.params.roomId) };
    })
    .route('DELETE /api/rooms/:roomId/invites/:inviteId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await revokeInvite(ctx.deps, who, ctx.params.roomId, ctx.params.inviteId);
      return { ok: true };
    })
    .route('GET /api/tokens', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      return { tokens: await listTokens(ctx.deps, who) };
    })
    .route('POST /api/tokens', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = ((await readJson(ctx.req, SMALL_BODY)) ?? {}) as { label?: unknown; scopes?: unknown };
      const { token, secret } = await createToken(ctx.deps, who, body);
      return new Reply(201, { token: { ...token, secret } });
    })
    .route('DELETE /api/tokens/:tokenId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await revokeToken(ctx.deps, who, ctx.params.tokenId);
      return { ok: true };
    })
    .route('POST /api/repositories', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as { name?: unknown } | undefined;
      return new Reply(201, { repository: await createRepository(ctx.deps, who, body?.name) });
    })
    .route('GET /api/repositories/:repositoryId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      return {
        repository: await readRepository(ctx.deps, who, ctx.params.repositoryId),
      };
    })
    .route('POST /api/repositories/:repositoryId/versions', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, VERSION_BODY)) as { files?: unknown } | undefined;
      const version = await createVersion(ctx.deps, who, ctx.params.repositoryId, body?.files);
      return new Reply(201, { version });
    })
    .route('GET /api/repositories/:repositoryId/versions/:versionId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const v = await readVersionFor(ctx.deps, who, ctx.params.repositoryId, ctx.params.versionId);
      return { version: { id: v.id, repository_id: v.repositoryId, files: v.files } };
    });
}
