import type { Insertable } from 'kysely';
import { skeletonKey } from '../../server/store/nameSkeletons.ts';
import type { SqlStore } from '../../server/store/SqlStore.ts';
import type { Tables } from '../../server/store/schema.ts';

export interface SeedSize {
  rooms: number;
  proposalsPerRoom: number;
  /** Of each room's proposals, how many were approved into apps. */
  approvedPerRoom: number;
}

/** Bound parameters per statement: below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

/**
 * Fills a store as years of use would: rooms (owned by 100 people), proposals with their idempotency keys,
 * apps for the approved ones and every event those writes make, numbered per room. Multi-row INSERTs in one
 * transaction, so 100,000 proposals take seconds.
 */
export async function seedStore(store: SqlStore, size: SeedSize): Promise<{ events: number }> {
  const people = Array.from({ length: 100 }, (_, i) => ({
    id: `pseed${i}`,
    name: `Seed ${i}`,
    created_at: 1,
  }));
  let events = 0;
  await store.db.transaction().execute(async (trx) => {
    const insert = async <T extends keyof Tables>(table: T, rows: Insertable<Tables[T]>[]) => {
      const first = rows[0];
      if (!first) return;
      const per = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
      for (let i = 0; i < rows.length; i += per)
        await trx
          .insertInto(table)
          // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot narrow a table name held in a generic.
          .values(rows.slice(i, i + per) as any)
          .execute();
    };
    await insert('people', people);
    const ROOMS_PER_BATCH = 1000;
    for (let r0 = 0; r0 < size.rooms; r0 += ROOMS_PER_BATCH) {
      const rooms: Insertable<Tables['rooms']>[] = [];
      const memberships: Insertable<Tables['memberships']>[] = [];
      const proposals: Insertable<Tables['proposals']>[] = [];
      const keys: Insertable<Tables['idempotency_keys']>[] = [];
      const instances: Insertable<Tables['instances']>[] = [];
      const roomEvents: Insertable<Tables['events']>[] = [];
      for (let r = r0; r < Math.min(size.rooms, r0 + ROOMS_PER_BATCH); r++) {
        const roomId = `rseed${r}`;
        const owner = (people[r % people.length] as (typeof people)[number]).id;
        const at = 1_700_000_000_000 + r * 1000;
        let seq = 0;
        const event = (type: string, audience: string, data: object) =>
          roomEvents.push({
            room_id: roomId,
            seq: ++seq,
            type,
            audience,
            proposer_id: audience === 'owner' ? owner : null,
            data_json: JSON.stringify(data),
            created_at: at,
          });
        memberships.push({ room_id: roomId, person_id: owner, role: 'owner', created_at: at });
        for (let p = 0; p < size.proposalsPerRoom; p++) {
          const id = `qseed${r}x${p}`;
          const approved = p < size.approvedPerRoom;
          proposals.push({
            id,
            room_id: roomId,
            proposer_id: owner,
            kind: 'snippet',
            name: `App ${p}`,
            skeleton_sha256: skeletonKey(`App ${p}`),
            files_json: JSON.stringify({ 'src/App.tsx': `export default () => ${p};\n` }),
            repository_id: null,
            version_id: null,
            content_sha256: `${r}-${p}`.padEnd(64, '0'),
            state: approved ? 'approved' : 'pending',
            decline_reason: null,
            created_at: at + p,
            decided_at: approved ? at + p : null,
            decided_by: approved ? owner : null,
            dependencies_json: null,
            packages_json: null,
          });
          keys.push({
            person_id: owner,
            tool: 'propose_room_snippet_app',
            room_id: roomId,
            key: `seed-${p}`,
            fingerprint: `${r}-${p}`,
            proposal_id: id,
            created_at: at + p,
          });
          event('proposal.created', 'owner', { proposal_id: id, name: `App ${p}` });
          if (approved) {
            const appId = `aseed${r}x${p}`;
            instances.push({
              id: appId,
              room_id: roomId,
              name: `App ${p}`,
              skeleton_sha256: skeletonKey(`App ${p}`),
              position: p,
              proposal_id: id,
              state: 'active',
              created_at: at + p,
              removed_at: null,
            });
            event('proposal.approved', 'owner', { proposal_id: id, app_id: appId });
            event('app.added', 'room', { app_id: appId, name: `App ${p}` });
          }
        }
        rooms.push({ id: roomId, name: `Seed room ${r}`, owner_id: owner, created_at: at, event_seq: seq });
        events += seq;
      }
      await insert('rooms', rooms);
      await insert('memberships', memberships);
      await insert('proposals', proposals);
      await insert('idempotency_keys', keys);
      await insert('instances', instances);
      await insert('events', roomEvents);
    }
  });
  return { events };
}
