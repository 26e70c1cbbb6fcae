import { Router } from '../../server/http/Router.ts';

// A route's handler must answer that route's response type: `rooms`, not `room`.
export const router = new Router().route('GET /api/rooms', async () => ({ room: [] }));
