import { createInvite, listInvites, listMembers, removeMember, revokeInvite } from '../domain/members.ts';
import { createRepository, createVersion, readRepository, readVersionFor } from '../domain/repositories.ts';
import { createRoom } from '../domain/roomAdmin.ts';
import { createToken, listTokens, revokeToken } from '../domain/tokens.ts';
import { requirePrincipal } from './authenticate.ts';
import type { Router } from './Router.ts';
import { readJson, sendJson } from './respond.ts';

const SMALL_BODY = 16 * 1024;
const VERSION_BODY = 1024 * 1024;

/** Rooms, members and invites, personal tokens, repositories and their versions. */
export function addAccountRoutes(router: Router): Router {
  return router
    .add('POST', '/api/rooms', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as { name?: unknown } | undefined;
      sendJson(ctx.res, 201, { room: await createRoom(ctx.deps, who, body?.name) });
    })
    .add('GET', '/api/rooms/:roomId/members', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      sendJson(ctx.res, 200, { members: await listMembers(ctx.deps, who, ctx.params.roomId as string) });
    })
    .add('DELETE', '/api/rooms/:roomId/members/:personId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await removeMember(ctx.deps, who, ctx.params.roomId as string, ctx.params.personId as string);
      sendJson(ctx.res, 200, { ok: true });
    })
    .add('POST', '/api/rooms/:roomId/invites', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = ((await readJson(ctx.req, SMALL_BODY)) ?? {}) as { expires_in_hours?: unknown };
      const { invite, secret } = await createInvite(ctx.deps, who, ctx.params.roomId as string, body);
      const url = `${ctx.deps.config.publicUrl}/?invite=${encodeURIComponent(secret)}`;
      sendJson(ctx.res, 201, { invite: { ...invite, url } });
    })
    .add('GET', '/api/rooms/:roomId/invites', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      sendJson(ctx.res, 200, { invites: await listInvites(ctx.deps, who, ctx.params.roomId as string) });
    })
    .add('DELETE', '/api/rooms/:roomId/invites/:inviteId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await revokeInvite(ctx.deps, who, ctx.params.roomId as string, ctx.params.inviteId as string);
      sendJson(ctx.res, 200, { ok: true });
    })
    .add('GET', '/api/tokens', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      sendJson(ctx.res, 200, { tokens: await listTokens(ctx.deps, who) });
    })
    .add('POST', '/api/tokens', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = ((await readJson(ctx.req, SMALL_BODY)) ?? {}) as { label?: unknown; scopes?: unknown };
      const { token, secret } = await createToken(ctx.deps, who, body);
      sendJson(ctx.res, 201, { token: { ...token, secret } });
    })
    .add('DELETE', '/api/tokens/:tokenId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await revokeToken(ctx.deps, who, ctx.params.tokenId as string);
      sendJson(ctx.res, 200, { ok: true });
    })
    .add('POST', '/api/repositories', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as { name?: unknown } | undefined;
      sendJson(ctx.res, 201, { repository: await createRepository(ctx.deps, who, body?.name) });
    })
    .add('GET', '/api/repositories/:repositoryId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      sendJson(ctx.res, 200, {
        repository: await readRepository(ctx.deps, who, ctx.params.repositoryId as string),
      });
    })
    .add('POST', '/api/repositories/:repositoryId/versions', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, VERSION_BODY)) as { files?: unknown } | undefined;
      const version = await createVersion(ctx.deps, who, ctx.params.repositoryId as string, body?.files);
      sendJson(ctx.res, 201, { version });
    })
    .add('GET', '/api/repositories/:repositoryId/versions/:versionId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const v = await readVersionFor(
        ctx.deps,
        who,
        ctx.params.repositoryId as string,
        ctx.params.versionId as string,
      );
      sendJson(ctx.res, 200, { version: { id: v.id, repository_id: v.repositoryId, files: v.files } });
    });
}
