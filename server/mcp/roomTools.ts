import { CodedError } from '../../validation/errorCodes.ts';
import type { ProposalToolResult, ToolInput, ToolResult } from '../../validation/mcpTools.ts';
import { EMPTY_NETWORK } from '../../validation/networkDeclaration.ts';
import { isToolName, type ToolName } from '../../validation/toolInput.ts';
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

type Handler<N extends ToolName> = (d: ToolDeps, who: Principal, args: unknown) => Promise<ToolResult<N>>;

/** Each published tool's handler: it checks its own arguments and answers that tool's contract result. */
const HANDLERS: { [N in ToolName]: Handler<N> } = {
  propose_room_snippet_app: async (d, who, args) =>
    proposalResult(await noteApp(d, who, await proposeSnippet(d, who, args))),
  propose_room_repo_app: async (d, who, args) =>
    proposalResult(await noteApp(d, who, await proposeRepo(d, who, args))),
  read_room: async (d, who, args) => {
    const { room_id } = checkArguments<ToolInput<'read_room'>>('read_room', args);
    const room = await roomFor(d.store, who, room_id);
    return {
      room: { id: room.id, name: room.name, kind: 'cloud', role: room.role, app_count: room.appCount },
    };
  },
  list_room_apps: async (d, who, args) => {
    const a = checkArguments<Filled<'list_room_apps', 'limit'>>('list_room_apps', args);
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
  },
  read_room_app_status: (d, who, args) => appStatus(d, who, checkArguments('read_room_app_status', args)),
  poll_resource_events: (d, who, args) => pollEvents(d, who, checkArguments('poll_resource_events', args)),
};

/** A tool's arguments after its schema filled in the defaults of the `K` fields. */
type Filled<N extends ToolName, K extends keyof ToolInput<N>> = ToolInput<N> &
  Required<Pick<ToolInput<N>, K>>;

/** Runs one tool for an authenticated person; returns its structured result or throws a CodedError. */
export async function runTool(
  d: ToolDeps,
  who: Principal,
  name: string,
  args: unknown,
): Promise<ToolResult<ToolName>> {
  if (!isToolName(name)) throw new CodedError('not_found', `No tool named ${name}`);
  return HANDLERS[name](d, who, args);
}

function proposalResult(r: ProposalReceipt): ProposalToolResult {
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
  a: ToolInput<'read_room_app_status'>,
): Promise<ToolResult<'read_room_app_status'>> {
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
  a: Filled<'poll_resource_events', 'limit' | 'wait_ms'>,
): Promise<ToolResult<'poll_resource_events'>> {
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
