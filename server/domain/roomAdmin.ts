import { CodedError } from '../../validation/errorCodes.ts';
import type { RoomSummary } from '../../validation/views.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { announce, roomEvent } from './events.ts';
import { newId } from './ids.ts';
import { pruneBundles } from './packageBundles.ts';
import { checkName } from './proposalRules.ts';
import { roomFor } from './roomAccess.ts';

/** Creates a cloud room owned by the caller. */
export async function createRoom(d: DomainDeps, who: Principal, name: unknown): Promise<RoomSummary> {
  const clean = validName(name);
  const room = { id: newId('r'), name: clean, ownerId: who.personId, createdAt: d.now() };
  await d.store.createRoom(room);
  return { id: room.id, name: room.name, kind: 'cloud', role: 'owner', app_count: 0 };
}

export async function renameRoom(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  name: unknown,
): Promise<void> {
  const room = await ownedRoom(d, who, roomId);
  const clean = validName(name);
  await d.store.renameRoom(room.id, clean, roomEvent(room.id, 'room.renamed', { name: clean }, d.now()));
  announce(d, room.id);
}

/** Removes an app from the launcher; open launchers hear `app.removed` and unmount it. */
export async function removeApp(d: DomainDeps, who: Principal, roomId: string, appId: string): Promise<void> {
  const room = await ownedRoom(d, who, roomId);
  const now = d.now();
  const removed = await d.store.removeInstance(
    room.id,
    appId,
    now,
    roomEvent(room.id, 'app.removed', { app_id: appId }, now),
  );
  if (!removed) throw new CodedError('not_found', 'No such app in this room');
  await pruneBundles(d);
  announce(d, room.id);
}

/** Sets the launcher order; `appIds` lists every app of the room once. */
export async function reorderApps(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  appIds: unknown,
): Promise<void> {
  const room = await ownedRoom(d, who, roomId);
  if (!Array.isArray(appIds) || !appIds.every((id) => typeof id === 'string'))
    throw new CodedError('bad_request', 'apps must be an array of app ids');
  const event = roomEvent(room.id, 'apps.reordered', { apps: appIds }, d.now());
  await d.store.transaction(async (tx) => {
    // Under the room's lock, no approval adds an app between the check and the write.
    await tx.lockRoom(room.id);
    const active = (await tx.listInstances(room.id)).map((i) => i.id);
    const same =
      active.length === appIds.length &&
      new Set(appIds).size === appIds.length &&
      appIds.every((id) => active.includes(id));
    if (!same)
      throw new CodedError('bad_request', 'List every app of the room exactly once', { apps: active });
    await tx.setInstancePositions(room.id, appIds);
    await tx.appendEvent(event);
  });
  announce(d, room.id);
}

/** The room when the caller owns it; members get forbidden, outsiders not_found. */
export async function ownedRoom(d: DomainDeps, who: Principal, roomId: string) {
  const room = await roomFor(d.store, who, roomId);
  if (room.role !== 'owner') throw new CodedError('forbidden', 'Only the room owner can do this');
  return room;
}

function validName(name: unknown): string {
  const bad = checkName(name);
  if (bad) throw new CodedError(bad.code, bad.message, bad.detail);
  return String(name).trim();
}
