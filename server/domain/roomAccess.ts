import { CodedError } from '../../validation/errorCodes.ts';
import type { RoomForPerson, Store } from '../store/Store.ts';
import type { Principal } from './auth.ts';

/** The room as this person may see it: every room read and write starts here. */
export async function roomFor(store: Store, who: Principal, roomId: string): Promise<RoomForPerson> {
  if (roomId.startsWith('local-')) {
    throw new CodedError(
      'local_room_unavailable',
      'Local Rooms are unavailable: they live only on their device',
    );
  }
  const room = await store.getRoomFor(roomId, who.personId);
  // Rooms a person may not see answer exactly like rooms that do not exist.
  if (!room) throw new CodedError('not_found', 'No such room');
  return room;
}
