import { CodedError } from '../../validation/errorCodes.ts';
import type { ApprovedApp, AppVersionsView, AppVersionView, ProposalUpdate } from '../../validation/views.ts';
import type { ProposalRow, Store } from '../store/Store.ts';
import { rollbackInstance } from './approvalRules.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { announce, roomEvent } from './events.ts';
import { roomFor } from './roomAccess.ts';
import { ownedRoom } from './roomAdmin.ts';

/** What a new proposal of this name updates: the room's approved app of exactly that launcher name. */
export async function updateTarget(
  store: Store,
  roomId: string,
  name: string,
): Promise<Pick<ProposalRow, 'updateOf' | 'baseVersion'>> {
  const app = await store.findActiveInstanceByName(roomId, name);
  return app ? { updateOf: app.id, baseVersion: app.version } : { updateOf: null, baseVersion: null };
}

/**
 * The app a proposal updates and where that app is now: `current_version` null when it was removed
 * (approving adds a new app). A pending proposal made before a same-name app was approved updates it too.
 */
export async function proposalUpdate(store: Store, p: ProposalRow): Promise<ProposalUpdate | null> {
  if (p.updateOf) {
    const app = await store.getInstance(p.roomId, p.updateOf);
    if (app) {
      const active = app.state === 'active';
      // A removed app's pending update: a same-name app approved since is what approval would update.
      const now =
        !active && p.state === 'pending' ? await store.findActiveInstanceByName(p.roomId, p.name) : undefined;
      if (now) return toUpdate(now, now.version);
      return toUpdate(app, p.baseVersion ?? app.version, active ? app.version : null);
    }
  }
  if (p.state !== 'pending') return null;
  const now = await store.findActiveInstanceByName(p.roomId, p.name);
  return now ? toUpdate(now, now.version) : null;
}

function toUpdate(
  app: { id: string; name: string; version: number },
  base: number,
  current: number | null = app.version,
): ProposalUpdate {
  return { instance_id: app.id, app_name: app.name, base_version: base, current_version: current };
}

/** An active app's versions, newest first; every member may read them. */
export async function readAppVersions(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  appId: string,
): Promise<AppVersionsView> {
  const room = await roomFor(d.store, who, roomId);
  const app = await d.store.getInstance(room.id, appId);
  if (app?.state !== 'active') throw new CodedError('not_found', 'No such app in this room');
  return versionsView(d.store, app.id, app.version);
}

/**
 * Owner only: makes an earlier approved version current again as the next version number. No new
 * review: that code was approved once and its files and pinned packages are kept with its proposal.
 */
export async function rollbackApp(
  d: DomainDeps,
  who: Principal,
  input: { roomId: string; appId: string; body: unknown },
): Promise<{ app: ApprovedApp; versions: AppVersionsView }> {
  const room = await ownedRoom(d, who, input.roomId);
  const version = (input.body as { version?: unknown } | undefined)?.version;
  const shaped =
    typeof input.body === 'object' && input.body !== null && Object.keys(input.body).length === 1;
  if (!shaped || typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
    throw new CodedError('bad_request', 'The body must be {"version": N}, N a version number of the app');
  const now = d.now();
  const instance = await rollbackInstance(d.store, {
    roomId: room.id,
    instanceId: input.appId,
    version,
    by: who.personId,
    at: now,
    events: (i) => [
      roomEvent(
        room.id,
        'app.updated',
        { app_id: i.id, name: i.name, version: i.version, rollback_of: version },
        now,
      ),
    ],
  });
  announce(d, room.id);
  // The restored version runs with its own package bundle, kept while it is in the app's history.
  const restored = await d.store.getProposal(instance.proposalId);
  return {
    app: {
      id: instance.id,
      name: instance.name,
      position: instance.position,
      proposal_id: instance.proposalId,
      version: instance.version,
      updated: true,
      packages_path: restored?.packagesPath ?? null,
      packages_note: restored?.bundleNote ?? null,
    },
    versions: await versionsView(d.store, instance.id, instance.version),
  };
}

async function versionsView(store: Store, appId: string, current: number): Promise<AppVersionsView> {
  const rows = await store.listAppVersions(appId);
  const names = new Map<string, string>();
  const nameOf = async (id: string) => {
    if (!names.has(id)) names.set(id, (await store.getPerson(id))?.name ?? 'Unknown');
    return names.get(id) as string;
  };
  const versions: AppVersionView[] = [];
  for (const v of rows)
    versions.push({
      version: v.version,
      content_sha256: v.contentSha256,
      proposal_id: v.proposalId,
      proposed_by: await nameOf(v.proposerId),
      approved_by: await nameOf(v.approvedBy),
      approved_at: new Date(v.approvedAt).toISOString(),
      rollback_of: v.rollbackOf,
    });
  return { app_id: appId, current_version: current, versions };
}
