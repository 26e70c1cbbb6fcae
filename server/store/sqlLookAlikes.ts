import { skeletonKey } from './nameSkeletons.ts';
import type { LookAlikeStore } from './Store.ts';
import type { Db } from './sqlEvents.ts';

export const sqlLookAlikeStore = (db: Db): LookAlikeStore => ({
  /**
   * The first name in the room that looks like `q.name` but is not it: an active app's (launcher order),
   * else a pending proposal's (oldest first). Two indexed lookups by skeleton, whatever the queue's length.
   */
  async findLookAlike(roomId, q) {
    const skeleton = skeletonKey(q.name);
    const app = await db
      .selectFrom('instances')
      .select('name')
      .where('room_id', '=', roomId)
      .where('state', '=', 'active')
      .where('skeleton_sha256', '=', skeleton)
      .where('name', '!=', q.name)
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (app || !q.pending) return app?.name;
    const proposal = await db
      .selectFrom('proposals')
      .select('name')
      .where('room_id', '=', roomId)
      .where('state', '=', 'pending')
      .where('skeleton_sha256', '=', skeleton)
      .where('name', '!=', q.name)
      .$if(q.pending.proposerId !== undefined, (w) =>
        w.where('proposer_id', '=', q.pending?.proposerId as string),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return proposal?.name;
  },
});
