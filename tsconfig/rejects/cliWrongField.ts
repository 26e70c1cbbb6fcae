import { RoomClient } from '../../client/RoomClient.ts';

// The CLI reads token lists as the contract types them: a listed token has no secret.
export const secret = new RoomClient({ url: 'http://127.0.0.1' })
  .api('GET /api/tokens')
  .then((r) => r.tokens[0]?.secret);
