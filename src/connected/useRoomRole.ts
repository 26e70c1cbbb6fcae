import { useEffect, useState } from 'react';
import { api, type Room } from '../api.ts';

/** The signed-in person's role in a room, read from the server (the UI never guesses it). */
export function useRoomRole(roomId: string): { role?: Room['role']; error?: string } {
  const [state, setState] = useState<{ role?: Room['role']; error?: string }>({});
  useEffect(() => {
    let live = true;
    api<{ room: Room }>(`/api/rooms/${encodeURIComponent(roomId)}`)
      .then((r) => live && setState({ role: r.room.role }))
      .catch((err: Error) => live && setState({ error: err.message }));
    return () => {
      live = false;
    };
  }, [roomId]);
  return state;
}
