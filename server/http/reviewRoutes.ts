import { CodedError } from '../../validation/errorCodes.ts';
import { readAppVersions, rollbackApp } from '../domain/appVersions.ts';
import { readEvents } from '../domain/events.ts';
import { proposeRepo, proposeSnippet } from '../domain/proposals.ts';
import {
  approveProposal,
  declineProposal,
  listInbox,
  listProposals,
  readProposal,
} from '../domain/review.ts';
import { removeApp, renameRoom, reorderApps } from '../domain/roomAdmin.ts';
import { withViaClient } from '../domain/viaClient.ts';
import { requirePrincipal } from './authenticate.ts';
import { serveEventStream } from './eventStream.ts';
import { Reply, type Router } from './Router.ts';
import { readJson } from './respond.ts';

const SMALL_BODY = 16 * 1024;
// Far above the 128 KB file limit (JSON escaping can double it), so size errors arrive as too_large.
const PROPOSAL_BODY = 1024 * 1024;
const STATES = ['pending', 'approved', 'declined', 'all'] as const;

/** Proposals, the review gate, owner actions on the launcher and the room's events. */
export function addReviewRoutes(router: Router): Router {
  return router
    .route('PATCH /api/rooms/:roomId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as { name?: unknown } | undefined;
      await renameRoom(ctx.deps, who, ctx.params.roomId, body?.name);
      return { ok: true };
    })
    .route('POST /api/rooms/:roomId/proposals', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = await readJson(ctx.req, PROPOSAL_BODY);
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new CodedError('bad_request', 'The body must be a JSON object: {name, files, idempotency_key}');
      const args = { ...(body as object), room_id: ctx.params.roomId };
      const proposal = await proposeSnippet(ctx.deps, who, args);
      return new Reply(proposal.replayed ? 200 : 201, { proposal });
    })
    .route('POST /api/rooms/:roomId/repo-proposals', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = await readJson(ctx.req, SMALL_BODY);
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new CodedError(
          'bad_request',
          'The body must be a JSON object: {name, repository_id, version_id, idempotency_key}',
        );
      const proposal = await proposeRepo(ctx.deps, who, { ...(body as object), room_id: ctx.params.roomId });
      return new Reply(proposal.replayed ? 200 : 201, { proposal });
    })
    .route('GET /api/rooms/:roomId/proposals', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const state = ctx.url.searchParams.get('state') ?? 'pending';
      if (!STATES.includes(state as (typeof STATES)[number]))
        throw new CodedError('bad_request', `state must be one of ${STATES.join(', ')}`);
      const proposals = await listProposals(
        ctx.deps,
        who,
        ctx.params.roomId,
        state as (typeof STATES)[number],
        // `files=0`: the cards, each loading its files when shown.
        ctx.url.searchParams.get('files') !== '0',
      );
      return { proposals: await withViaClient(ctx.deps, proposals) };
    })
    .route('GET /api/review/pending', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const inbox = await listInbox(ctx.deps, who);
      for (const room of inbox.rooms) await withViaClient(ctx.deps, room.proposals);
      return inbox;
    })
    .route('GET /api/rooms/:roomId/proposals/:proposalId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const proposal = await readProposal(ctx.deps, who, ctx.params.roomId, ctx.params.proposalId);
      await withViaClient(ctx.deps, [proposal]);
      return { proposal };
    })
    .route('POST /api/rooms/:roomId/proposals/:proposalId/approve', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as
        | { reviewed_version?: unknown; reviewed_app?: unknown }
        | undefined;
      const app = await approveProposal(ctx.deps, who, ctx.params.roomId, ctx.params.proposalId, {
        reviewedVersion: body?.reviewed_version,
        reviewedApp: body?.reviewed_app,
      });
      return { app };
    })
    .route('POST /api/rooms/:roomId/proposals/:proposalId/decline', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as { reason?: unknown } | undefined;
      const proposal = await declineProposal(ctx.deps, who, {
        roomId: ctx.params.roomId,
        proposalId: ctx.params.proposalId,
        reason: body?.reason,
      });
      return { proposal };
    })
    .route('DELETE /api/rooms/:roomId/apps/:appId', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      await removeApp(ctx.deps, who, ctx.params.roomId, ctx.params.appId);
      return { ok: true };
    })
    .route('GET /api/rooms/:roomId/apps/:appId/versions', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      return { versions: await readAppVersions(ctx.deps, who, ctx.params.roomId, ctx.params.appId) };
    })
    .route('POST /api/rooms/:roomId/apps/:appId/rollback', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = await readJson(ctx.req, SMALL_BODY);
      return rollbackApp(ctx.deps, who, { roomId: ctx.params.roomId, appId: ctx.params.appId, body });
    })
    .route('PUT /api/rooms/:roomId/app-order', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:write');
      const body = (await readJson(ctx.req, SMALL_BODY)) as { apps?: unknown } | undefined;
      await reorderApps(ctx.deps, who, ctx.params.roomId, body?.apps);
      return { ok: true };
    })
    .route('GET /api/rooms/:roomId/events', async (ctx) => {
      const who = await requirePrincipal(ctx, 'osfoundry:read');
      const after = Number(ctx.url.searchParams.get('after') ?? 0);
      const limit = Number(ctx.url.searchParams.get('limit') ?? 100);
      if (!Number.isSafeInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new CodedError('bad_request', 'after must be a sequence number ≥ 0 and limit 1-500');
      const page = await readEvents(ctx.deps, who, ctx.params.roomId, after, limit);
      return page;
    })
    .add('GET', '/api/rooms/:roomId/events/stream', serveEventStream);
}
