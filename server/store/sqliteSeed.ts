import type Database from 'better-sqlite3';
import type { Store } from './Store.ts';
import { approveUnique, insertProposalRow } from './sqliteReview.ts';

/** A room and its owner's membership (callers hold the transaction). */
export function insertRoom(
  db: Database.Database,
  r: { id: string; name: string; ownerId: string; createdAt: number },
) {
  db.prepare('INSERT INTO rooms (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)').run(
    r.id,
    r.name,
    r.ownerId,
    r.createdAt,
  );
  db.prepare('INSERT INTO memberships (room_id, person_id, role, created_at) VALUES (?, ?, ?, ?)').run(
    r.id,
    r.ownerId,
    'owner',
    r.createdAt,
  );
}

/** `Store.seedRoom`: all of it in one transaction, or nothing when any write fails. */
export function seedRoom(db: Database.Database, input: Parameters<Store['seedRoom']>[0]): string {
  return db.transaction((): string => {
    const found = db.prepare('SELECT value FROM meta WHERE key = ?').get(input.metaKey) as
      | { value: string }
      | undefined;
    if (found) return String(found.value);
    insertRoom(db, input.room);
    insertProposalRow(db, input.proposal);
    approveUnique(db, {
      proposalId: input.proposal.id,
      decidedBy: input.room.ownerId,
      at: input.proposal.createdAt,
      instanceId: input.instanceId,
      events: input.events,
    });
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(input.metaKey, input.room.id);
    return input.room.id;
  })();
}
