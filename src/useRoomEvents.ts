import { useEffect } from 'react';
import { EVENT_TYPES, type WireEvent } from '../validation/events.ts';

/** Not a server event: tells listeners the stream (re)connected, so they re-read what they show. */
const OPENED = { seq: 0, type: 'stream.opened' } as const;

export type RoomEvent = WireEvent | typeof OPENED;

/**
 * Calls `onEvent` for the room's live events. Launcher pages in one browser share one SSE stream:
 * the page holding the Web Lock opens it and relays each event on a BroadcastChannel; when that page
 * closes, the lock passes to another page, which resumes the stream after the last event it saw.
 * Safe to run twice (StrictMode, hot reload): a lock granted to an effect already cleaned up is
 * released at once, and an event seen twice is delivered once.
 */
export function useRoomEvents(roomId: string | undefined, onEvent: (e: RoomEvent) => void): void {
  useEffect(() => {
    // No room: nothing to follow (a queue the inbox re-reads itself).
    if (roomId === undefined) return;
    const channel = new BroadcastChannel(`room-events:${roomId}`);
    const stop = new AbortController();
    let source: EventSource | undefined;
    let lastSeq = 0;
    const receive = (event: RoomEvent) => {
      if (stop.signal.aborted) return;
      if (event.seq !== 0) {
        if (event.seq <= lastSeq) return;
        lastSeq = event.seq;
      }
      onEvent(event);
    };
    channel.onmessage = (m: MessageEvent<RoomEvent>) => receive(m.data);
    navigator.locks
      .request(`room-events:${roomId}`, { signal: stop.signal }, () => {
        // Granted after this effect was cleaned up (the grant raced the abort): hand the lock on now.
        if (stop.signal.aborted) return;
        const after = lastSeq > 0 ? `?after=${lastSeq}` : '';
        source = new EventSource(`/api/rooms/${encodeURIComponent(roomId)}/events/stream${after}`);
        const deliver = (event: RoomEvent) => {
          if (stop.signal.aborted) return;
          receive(event);
          channel.postMessage(event);
        };
        const relay = (m: MessageEvent<string>) => deliver(JSON.parse(m.data) as WireEvent);
        // A stream starts at "now": what happened since this page loaded its data is re-read on (re)connect.
        source.onopen = () => deliver(OPENED);
        for (const type of EVENT_TYPES) source.addEventListener(type, relay as EventListener);
        // Hold the lock until this page unmounts.
        return new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve()));
      })
      .catch(() => undefined);
    return () => {
      stop.abort();
      source?.close();
      channel.close();
    };
  }, [roomId, onEvent]);
}
