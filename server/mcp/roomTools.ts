import { CodedError } from '../../validation/errorCodes.ts';
import { EMPTY_NETWORK } from '../../validation/networkDeclaration.ts';
import type { ProposalReceipt } from '../../validation/views.ts';
import { approvedNetwork } from '../domain/appNetwork.ts';
import type { Principal } from '../domain/auth.ts';
import type { DomainDeps } from '../domain/DomainDeps.ts';
import { readEvents } from '../domain/events.ts';
import { proposeRepo, proposeSnippet } from '../domain/proposals.ts';
import { readProposal } from '../domain/review.ts';
import { roomFor } from '../domain/roomAccess.ts';
import { readLauncher } from '../domain/rooms.ts';
import type { OAuthStore } from '../store/OAuthStore.ts';
import { decodeCursor, encodeCursor } from './cursors.ts';
import type { PollPacer } from './PollPacer.ts';
import { checkArguments } from './toolArguments.ts';

const NEXT_STEP = 'Approve it under Connected → Needs your approval, then tell me.';
const EMPTY_POLL_AFTER_MS = 2000;

export interface ToolDeps extends DomainDeps {
  pacer: PollPacer;
  /** Where a proposal made through an OAuth app is noted (the review card names the app). */
  oauth?: OAuthStore;
}

/** Runs one tool for an authenticated person; returns its structured result or throws a CodedError. */
export async function runTool(d: ToolDeps, who: Principal, name: string, args: unknown): Promise<object> {
  switch (name) {
    case 'propose_room_snippet_app':
      return proposalResult(await noteApp(d, who, await proposeSnippet(d, who, args)));
    case 'propose_room_repo_app':
      return proposalResult(await noteApp(d, who, await proposeRepo(d, who, args)));
    case 'read_room': {
      const { room_id } = checkArguments<{ room_id: string }>(name, args);
      const room = await roomFor(d.store, who, room_id);
      return {
        room: { id: room.id, name: room.name, kind: 'cloud', role: room.role, app_count: room.appCount },
      };
    }
    case 'list_room_apps': {
      const a = checkArguments<{ room_id: string; limit: number; cursor?: string }>(name, args);
      const { room, apps } = await readLauncher(d, who, a.room_id);
      const start = decodeCursor(a.cursor, room.id) ?? 0;
      const page = apps.slice(start, start + a.limit);
      const more = start + a.limit < apps.length;
      return {
        room_id: room.id,
        apps: page.map((app) => ({
          instance_id: app.id,
          name: app.name,
          position: app.position,
          version: app.version,
          network: app.network,
        })),
        next_cursor: more ? encodeCursor(room.id, start + a.limit) : null,
        has_more: more,
      };
    }
    case 'read_room_app_status':
      return appStatus(d, who, checkArguments(name, args));
    case 'poll_resource_events':
      return pollEvents(d, who, checkArguments(name, args));
    default:
      throw new CodedError('not_found', `No tool named ${name}`);
  }
}

function proposalResult(r: ProposalReceipt): object {
  return {
    proposal_id: r.id,
    room_id: r.room_id,
    name: r.name,
    kind: r.kind,
    state: r.state === 'pending' ? 'pending_review' : r.state,
    file_count: r.file_count,
    content_sha256: r.content_sha256,
    events_cursor: encodeCursor(r.room_id, r.events_seq),
    replayed: r.replayed,
    // An update of an approved app: approval replaces its code in place (its data stays).
    ...(r.update
      ? {
          update: {
            instance_id: r.update.instance_id,
            app_name: r.update.app_name,
            base_version: r.update.base_version,
          },
        }
      : {}),
    ...(r.decline_reason ? { decline_reason: r.decline_reason } : {}),
    next_step: r.state === 'pending' ? NEXT_STEP : `The owner ${r.state} it.`,
  };
}

/** The launcher state of an app, or the review state of the caller's own proposal; nothing else. */
async function appStatus(
  d: ToolDeps,
  who: Principal,
  a: { room_id: string; instance_id: string },
): Promise<object> {
  const room = await roomFor(d.store, who, a.room_id);
  const instance = await d.store.getInstance(room.id, a.instance_id);
  if (instance) {
    const current = await d.store.getProposal(instance.proposalId);
    return {
      room_id: room.id,
      instance_id: instance.id,
      name: instance.name,
      launcher_state: instance.state,
      version: instance.version,
      // The hosts the version that runs now declares (its frame's CSP allows these and no others).
      network: current ? await approvedNetwork(d, current) : EMPTY_NETWORK,
      versions: (await d.store.listAppVersions(instance.id)).map((v) => ({
        version: v.version,
        content_sha256: v.contentSha256,
        approved_at: new Date(v.approvedAt).toISOString(),
        rollback_of: v.rollbackOf,
      })),
      // Apps compile on each member's device when opened: the server keeps no build.
      latest_build: { state: 'none', detail: 'Compiled on the device when opened' },
    };
  }
  const proposal = await readProposal(d, who, room.id, a.instance_id).catch(() => undefined);
  if (!proposal) throw new CodedError('not_found', 'No such app in this room');
  // The app an approved proposal made or updated, whichever version it runs now.
  const app = proposal.state === 'approved' ? await d.store.instanceOfProposal(proposal.id) : undefined;
  return {
    room_id: room.id,
    instance_id: app?.id ?? null,
    proposal_id: proposal.id,
    name: app?.name ?? proposal.name,
    review_state: proposal.state === 'pending' ? 'pending_review' : proposal.state,
    ...(proposal.decline_reason ? { decline_reason: proposal.decline_reason } : {}),
    launcher_state: app ? app.state : 'absent',
    network: proposal.network ?? EMPTY_NETWORK,
  };
}

async function pollEvents(
  d: ToolDeps,
  who: Principal,
  a: { resource_id: string; cursor?: string; limit: number; wait_ms: number },
): Promise<object> {
  const room = await roomFor(d.store, who, a.resource_id);
  const pacerKey = `${who.tokenId ?? who.personId}:${room.id}`;
  // A long poll paces itself; only quick polls must respect poll_after_ms.
  if (a.wait_ms < 1000) d.pacer.check(pacerKey, d.now());
  let after = decodeCursor(a.cursor, room.id) ?? (await d.store.latestSeq(room.id));
  let page = await readEvents(d, who, room.id, after, a.limit + 1);
  const deadline = d.now() + a.wait_ms;
  while (page.events.length === 0 && d.now() < deadline) {
    await d.bus.waitFor(room.id, deadline - d.now());
    page = await readEvents(d, who, room.id, after, a.limit + 1);
  }
  const events = page.events.slice(0, a.limit);
  const hasMore = page.events.length > a.limit;
  if (events.length) after = events[events.length - 1]?.seq ?? after;
  const pollAfter = hasMore || a.wait_ms > 0 ? 0 : events.length ? 1000 : EMPTY_POLL_AFTER_MS;
  d.pacer.record(pacerKey, d.now(), pollAfter);
  return {
    resource_type: 'room',
    resource_id: room.id,
    events: events.map((e) => ({ ...e, resource_type: 'room', resource_id: room.id })),
    next_cursor: encodeCursor(room.id, after),
    has_more: hasMore,
    poll_after_ms: pollAfter,
  };
}

async function noteApp(d: ToolDeps, who: Principal, receipt: ProposalReceipt): Promise<ProposalReceipt> {
  if (who.grantId && d.oauth) await d.oauth.noteProposal(receipt.id, who.grantId);
  return receipt;
}
