import { CodedError } from '../../validation/errorCodes.ts';
import type { InviteRow } from '../store/Store.ts';
import { createSession, type Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { announce, ownerEvent } from './events.ts';
import { newId, newSecret, sha256Hex } from './ids.ts';
import { ownedRoom } from './roomAdmin.ts';

export interface InviteView {
  id: string;
  created_at: string;
  state: 'open' | 'used' | 'revoked';
}

/** A single-use invite; the secret is returned once and only its hash is kept. */
export async function createInvite(
  d: DomainDeps,
  who: Principal,
  roomId: string,
): Promise<{ invite: InviteView; secret: string }> {
  const room = await ownedRoom(d, who, roomId);
  const secret = newSecret();
  const invite: InviteRow = {
    id: newId('i'),
    roomId: room.id,
    hash: sha256Hex(secret),
    createdBy: who.personId,
    createdAt: d.now(),
    usedBy: null,
    usedAt: null,
    revokedAt: null,
  };
  await d.store.insertInvite(invite);
  return { invite: toInviteView(invite), secret };
}

export async function listInvites(d: DomainDeps, who: Principal, roomId: string): Promise<InviteView[]> {
  const room = await ownedRoom(d, who, roomId);
  return (await d.store.listInvites(room.id)).map(toInviteView);
}

export async function revokeInvite(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  inviteId: string,
): Promise<void> {
  const room = await ownedRoom(d, who, roomId);
  if (!(await d.store.revokeInvite(room.id, inviteId, d.now())))
    throw new CodedError('not_found', 'No open invite with this id');
}

/** Uses an invite: a new member person and a session for them; undefined when the invite is not open. */
export async function acceptInvite(
  d: DomainDeps,
  secret: string,
): Promise<{ roomId: string; personId: string; session: string } | undefined> {
  if (!secret) return undefined;
  const now = d.now();
  const personId = newId('p');
  const roomId = await d.store.acceptInvite({
    hash: sha256Hex(secret),
    person: { id: personId, name: 'Member', createdAt: now },
    at: now,
    event: (room) => ownerEvent(room, 'member.joined', { person_id: personId }, now),
  });
  if (!roomId) return undefined;
  announce(d, roomId);
  return { roomId, personId, session: await createSession(d.store, personId, now) };
}

export async function listMembers(d: DomainDeps, who: Principal, roomId: string) {
  const room = await ownedRoom(d, who, roomId);
  const members = await d.store.listMembers(room.id);
  return members.map((m) => ({
    person_id: m.personId,
    name: m.name,
    role: m.role,
    joined_at: new Date(m.createdAt).toISOString(),
  }));
}

export async function removeMember(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  personId: string,
): Promise<void> {
  const room = await ownedRoom(d, who, roomId);
  const now = d.now();
  const removed = await d.store.removeMember(
    room.id,
    personId,
    ownerEvent(room.id, 'member.removed', { person_id: personId }, now),
  );
  if (!removed) throw new CodedError('not_found', 'No such member (the owner cannot be removed)');
  announce(d, room.id);
}

function toInviteView(i: InviteRow): InviteView {
  return {
    id: i.id,
    created_at: new Date(i.createdAt).toISOString(),
    state: i.revokedAt !== null ? 'revoked' : i.usedAt !== null ? 'used' : 'open',
  };
}
