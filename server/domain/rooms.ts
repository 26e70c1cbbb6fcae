import { CodedError } from '../../validation/errorCodes.ts';
import { EMPTY_NETWORK, type NetworkDeclaration } from '../../validation/networkDeclaration.ts';
import type { LauncherApp, RoomSummary } from '../../validation/views.ts';
import type { InstanceRow, ProposalRow, RoomForPerson, Store } from '../store/Store.ts';
import { approvedNetwork } from './appNetwork.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { moveToBundle } from './legacyPackages.ts';
import { roomFor } from './roomAccess.ts';

export async function listRooms(store: Store, who: Principal): Promise<RoomSummary[]> {
  const rooms = await store.listRoomsFor(who.personId);
  return rooms.map(summarize);
}

/** The room as its launcher shows it: approved, active apps in launcher order. */
export async function readLauncher(
  d: Pick<DomainDeps, 'store' | 'bus' | 'now' | 'npm' | 'packageBundles' | 'network'>,
  who: Principal,
  roomId: string,
): Promise<{ room: RoomSummary; apps: (LauncherApp & { bundleHash: string | null })[] }> {
  const store = d.store;
  const room = await roomFor(store, who, roomId);
  const instances = await store.listInstances(room.id);
  // One query for the current versions' proposals (not every approved one: each update adds one).
  const current = new Map(
    (await store.getProposals(instances.map((i) => i.proposalId))).map((p) => [p.id, p]),
  );
  const apps = await Promise.all(
    instances.map(async (i) => {
      const p = current.get(i.proposalId);
      if (p) moveToBundle(d, room.id, p);
      return toLauncherApp(i, p, p ? await approvedNetwork(d, p) : EMPTY_NETWORK);
    }),
  );
  return { room: summarize(room), apps };
}

/** The files an approved app runs; only members of its room get them. */
export async function readAppFiles(
  store: Store,
  who: Principal,
  roomId: string,
  appId: string,
): Promise<Record<string, string>> {
  const room = await roomFor(store, who, roomId);
  const app = await store.getInstance(room.id, appId);
  if (app?.state !== 'active') throw new CodedError('not_found', 'No such app in this room');
  const proposal = await store.getProposal(app.proposalId);
  if (proposal?.state !== 'approved') throw new CodedError('not_found', 'No such app in this room');
  if (proposal.files) return proposal.files;
  // A repository app runs its pinned, immutable version.
  const version =
    proposal.repositoryId && proposal.versionId
      ? await store.getVersion(proposal.repositoryId, proposal.versionId)
      : undefined;
  if (!version) throw new CodedError('not_found', 'No such app in this room');
  return version.files;
}

function summarize(room: RoomForPerson): RoomSummary {
  return { id: room.id, name: room.name, kind: 'cloud', role: room.role, app_count: room.appCount };
}

function toLauncherApp(
  i: InstanceRow,
  p: ProposalRow | undefined,
  network: NetworkDeclaration,
): LauncherApp & { bundleHash: string | null } {
  const path = p?.packagesPath ?? null;
  // Apps approved before pre-bundling existed have packages and no path: Sandpack until moveToBundle records one.
  const sandpack = path === 'sandpack' || (path === null && p?.dependencies);
  return {
    id: i.id,
    name: i.name,
    position: i.position,
    version: i.version,
    dependencies: sandpack ? (p?.dependencies ?? null) : null,
    packages_path: sandpack ? 'sandpack' : path,
    bundleHash: path === 'bundle' ? (p?.bundleHash ?? null) : null,
    network,
  };
}
