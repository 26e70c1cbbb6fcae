import { useEffect } from 'react';

export interface RoomEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

/** Not a server event: tells listeners the stream (re)connected, so they re-read what they show. */
const OPENED: RoomEvent = { seq: 0, type: 'stream.opened', data: {} };

/**
 * Calls `onEvent` for the room's live events. Launcher pages in one browser share one SSE stream:
 * the page holding the Web Lock opens it and relays each event on a BroadcastChannel; when that page
 * closes, the lock passes to another page, which resumes the stream.
 */
export function useRoomEvents(roomId: string, onEvent: (e: RoomEvent) => void): void {
  useEffect(() => {
    const channel = new BroadcastChannel(`room-events:${roomId}`);
    channel.onmessage = (m: MessageEvent<RoomEvent>) => onEvent(m.data);
    const stop = new AbortController();
    let source: EventSource | undefined;
    navigator.locks
      .request(`room-events:${roomId}`, { signal: stop.signal }, () => {
        source = new EventSource(`/api/rooms/${encodeURIComponent(roomId)}/events/stream`);
        const deliver = (event: RoomEvent) => {
          onEvent(event);
          channel.postMessage(event);
        };
        const relay = (m: MessageEvent<string>) => deliver(JSON.parse(m.data) as RoomEvent);
        // A stream starts at "now": what happened since this page loaded its data is re-read on (re)connect.
        source.onopen = () => deliver(OPENED);
        for (const type of [
          'app.added',
          'app.removed',
          'apps.reordered',
          'room.renamed',
          'proposal.created',
          'proposal.approved',
          'proposal.declined',
        ])
          source.addEventListener(type, relay as EventListener);
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
