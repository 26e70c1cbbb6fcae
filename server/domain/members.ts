import { CodedError } from '../../validation/errorCodes.ts';
import { ALL_SCOPES } from '../../validation/scopes.ts';
import type { InviteRow } from '../store/Store.ts';
import { createSession, type Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { announce, ownerEvent } from './events.ts';
import { newId, newSecret, sha256Hex } from './ids.ts';
import { ownedRoom } from './roomAdmin.ts';

export interface InviteView {
  id: string;
  created_at: string;
  expires_at: string;
  state: 'open' | 'used' | 'revoked' | 'expired';
}

/** How long an invite stays open unless its owner chooses (`expires_in_hours`, 1 h to 30 days). */
export const INVITE_DEFAULT_HOURS = 7 * 24;
export const INVITE_MAX_HOURS = 30 * 24;

/** A single-use invite; the secret is returned once and only its hash is kept. */
export async function createInvite(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  input: { expires_in_hours?: unknown } = {},
): Promise<{ invite: InviteView; secret: string }> {
  const hours = input.expires_in_hours ?? INVITE_DEFAULT_HOURS;
  if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > INVITE_MAX_HOURS)
    throw new CodedError(
      'bad_request',
      `expires_in_hours must be a whole number from 1 to ${INVITE_MAX_HOURS}`,
      {
        default: INVITE_DEFAULT_HOURS,
      },
    );
  const room = await ownedRoom(d, who, roomId);
  const secret = newSecret();
  const now = d.now();
  const invite: InviteRow = {
    id: newId('i'),
    roomId: room.id,
    hash: sha256Hex(secret),
    createdBy: who.personId,
    createdAt: now,
    usedBy: null,
    usedAt: null,
    revokedAt: null,
    expiresAt: now + hours * 3600_000,
  };
  await d.store.insertInvite(invite);
  return { invite: toInviteView(invite, now), secret };
}

export async function listInvites(d: DomainDeps, who: Principal, roomId: string): Promise<InviteView[]> {
  const room = await ownedRoom(d, who, roomId);
  const now = d.now();
  return (await d.store.listInvites(room.id)).map((i) => toInviteView(i, now));
}

/** What an invite link's page shows before anyone presses Join: reading it changes nothing. */
export async function readInvite(
  d: DomainDeps,
  secret: string,
): Promise<{ roomName: string; state: InviteView['state'] } | undefined> {
  if (!secret) return undefined;
  const invite = await d.store.findInvite(sha256Hex(secret));
  return invite ? { roomName: invite.roomName, state: inviteState(invite, d.now()) } : undefined;
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
  // Expired, used and revoked invites are refused by the store in the same transaction.
  const roomId = await d.store.acceptInvite({
    hash: sha256Hex(secret),
    person: { id: personId, name: 'Member', createdAt: now },
    at: now,
    event: (room) => ownerEvent(room, 'member.joined', { person_id: personId }, now),
  });
  if (!roomId) return undefined;
  announce(d, roomId);
  const session = await createSession(d.store, { personId, tokenId: null, scopes: ALL_SCOPES }, now);
  return { roomId, personId, session };
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

function inviteState(i: InviteRow, now: number): InviteView['state'] {
  if (i.revokedAt !== null) return 'revoked';
  if (i.usedAt !== null) return 'used';
  return i.expiresAt <= now ? 'expired' : 'open';
}

function toInviteView(i: InviteRow, now: number): InviteView {
  return {
    id: i.id,
    created_at: new Date(i.createdAt).toISOString(),
    expires_at: new Date(i.expiresAt).toISOString(),
    state: inviteState(i, now),
  };
}
