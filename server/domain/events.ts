import type { EventDataByType, EventPage, EventType, WireEvent } from '../../validation/events.ts';
import type { EventRow, NewEvent } from '../store/Store.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { roomFor } from './roomAccess.ts';

/** An event every member may read (launcher changes). */
export function roomEvent<T extends EventType>(
  roomId: string,
  type: T,
  data: EventDataByType[T],
  at: number,
): NewEvent {
  return { roomId, type, audience: 'room', proposerId: null, data, createdAt: at };
}

/** An event only the owner, and the proposer when given, may read. */
export function ownerEvent<T extends EventType>(
  roomId: string,
  type: T,
  data: EventDataByType[T],
  at: number,
  proposerId: string | null = null,
): NewEvent {
  return { roomId, type, audience: 'owner', proposerId, data, createdAt: at };
}

export function toWireEvent(e: EventRow): WireEvent {
  // Rows were written through roomEvent/ownerEvent, which take each type's data.
  return { seq: e.seq, type: e.type, at: new Date(e.createdAt).toISOString(), data: e.data } as WireEvent;
}

/** Events after `after` that this person may see, oldest first. */
export async function readEvents(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  after: number,
  limit: number,
): Promise<EventPage> {
  const room = await roomFor(d.store, who, roomId);
  const viewer = { personId: who.personId, isOwner: room.role === 'owner' };
  const rows = await d.store.listEvents(room.id, viewer, after, limit);
  return { events: rows.map(toWireEvent), latest: await d.store.latestSeq(room.id) };
}

/** Wakes the room's live readers once a write committed. */
export function announce(d: { bus: DomainDeps['bus'] }, roomId: string): void {
  d.bus.publish(roomId);
}
