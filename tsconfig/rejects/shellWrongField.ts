import { api } from '../../src/api.ts';

// The shell reads the launcher's answer as the contract types it: a room has no `title`.
export const title = api('GET /api/rooms/:roomId', { params: { roomId: 'r' } }).then((r) => r.room.title);
