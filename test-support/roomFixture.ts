import { afterEach, beforeEach } from 'vitest';
import { startTestServer, type TestServer } from './startTestServer.ts';
import { type Api, apiClient } from './testClient.ts';

/** A test server, its owner's API client and a fresh room of theirs: new before each test, closed after. */
export interface RoomFixture {
  s: TestServer;
  owner: Api;
  roomId: string;
}

/** Registers the hooks in the calling test file; the fields are set once its `beforeEach` ran. */
export function roomFixture(roomName: string): RoomFixture {
  const f = {} as RoomFixture;
  beforeEach(async () => {
    f.s = await startTestServer();
    f.owner = apiClient(f.s.url, { token: f.s.ownerToken });
    f.roomId = (await f.owner('POST', '/api/rooms', { name: roomName })).body.room.id;
  });
  afterEach(async () => f.s.close());
  return f;
}
