import { api } from '../../src/api.ts';

// A route with path parameters cannot be called without them.
export const launcher = api('GET /api/rooms/:roomId');
