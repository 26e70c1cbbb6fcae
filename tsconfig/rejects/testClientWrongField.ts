import { apiClient } from '../../test-support/testClient.ts';

// Integration tests read answers as the route contract types them: a room summary has no `owner`.
export const owner = apiClient('http://127.0.0.1', {})('GET', '/api/rooms').then(
  (r) => r.body.rooms[0]?.owner,
);
