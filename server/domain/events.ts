import type { EventRow, NewEvent } from '../store/Store.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { roomFor } from './rooms.ts';

/**
 * The event schema every reader gets: `seq` strictly increases within a room; `type` is one of
 * EVENT_TYPES; `data` holds ids and names, never files.
 */
export interface WireEvent {
  seq: number;
  type: EventType;
  at: string;
  data: Record<string, unknown>;
}

export const EVENT_TYPES = [
  'proposal.created',
  'proposal.approved',
  'proposal.declined',
  'app.added',
  'app.removed',
  'apps.reordered',
  'room.renamed',
  'member.joined',
  'member.removed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event every member may read (launcher changes). */
export function roomEvent(
  roomId: string,
  type: EventType,
  data: Record<string, unknown>,
  at: number,
): NewEvent {
  return { roomId, type, audience: 'room', proposerId: null, data, createdAt: at };
}

/** An event only the owner, and the proposer when given, may read. */
export function ownerEvent(
  roomId: string,
  type: EventType,
  data: Record<string, unknown>,
  at: number,
  proposerId: string | null = null,
): NewEvent {
  return { roomId, type, audience: 'owner', proposerId, data, createdAt: at };
}

export function toWireEvent(e: EventRow): WireEvent {
  return { seq: e.seq, type: e.type as EventType, at: new Date(e.createdAt).toISOString(), data: e.data };
}

/** Events after `after` that this person may see, oldest first. */
export async function readEvents(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  after: number,
  limit: number,
): Promise<{ events: WireEvent[]; latest: number }> {
  const room = await roomFor(d.store, who, roomId);
  const viewer = { personId: who.personId, isOwner: room.role === 'owner' };
  const rows = await d.store.listEvents(room.id, viewer, after, limit);
  return { events: rows.map(toWireEvent), latest: await d.store.latestSeq(room.id) };
}

/** Wakes the room's live readers once a write committed. */
export function announce(d: { bus: DomainDeps['bus'] }, roomId: string): void {
  d.bus.publish(roomId);
}
