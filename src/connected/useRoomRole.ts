import { useEffect, useState } from 'react';
import type { RoomSummary } from '../../validation/views.ts';
import { api } from '../api.ts';
import { type Failure, failed } from '../wireError.ts';

/** The signed-in person's role in a room, read from the server (the UI never guesses it). */
export function useRoomRole(roomId: string): { role?: RoomSummary['role']; error?: Failure } {
  const [state, setState] = useState<{ role?: RoomSummary['role']; error?: Failure }>({});
  useEffect(() => {
    let live = true;
    api('GET /api/rooms/:roomId', { params: { roomId } })
      .then((r) => live && setState({ role: r.room.role }))
      .catch(failed((error) => live && setState({ error })));
    return () => {
      live = false;
    };
  }, [roomId]);
  return state;
}
