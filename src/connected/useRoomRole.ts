import { useEffect, useState } from 'react';
import type { RoomSummary } from '../../validation/views.ts';
import { api } from '../api.ts';

/** The signed-in person's role in a room, read from the server (the UI never guesses it). */
export function useRoomRole(roomId: string): { role?: RoomSummary['role']; error?: string } {
  const [state, setState] = useState<{ role?: RoomSummary['role']; error?: string }>({});
  useEffect(() => {
    let live = true;
    api('GET /api/rooms/:roomId', { params: { roomId } })
      .then((r) => live && setState({ role: r.room.role }))
      .catch((err: Error) => live && setState({ error: err.message }));
    return () => {
      live = false;
    };
  }, [roomId]);
  return state;
}
