import type { RoomSummary } from '../../validation/views.ts';
import { api } from '../api.ts';
import { type ApiState, useApi } from '../components/useApi.ts';

/** The signed-in person's role in a room, read from the server (the UI never guesses it). */
export function useRoomRole(roomId: string): ApiState<RoomSummary['role']> {
  return useApi(
    () => api('GET /api/rooms/:roomId', { params: { roomId } }).then((r) => r.room.role),
    [roomId],
  );
}
