import { type Kysely, sql } from 'kysely';
import { postgresBaseline } from './postgresBaseline.ts';
import type { Engine } from './schema.ts';
import { sqliteBaseline } from './sqliteBaseline.ts';

/**
 * One step of the schema, for both engines; run once, in order, in the transaction that holds the
 * migration lock (migrate.ts). Index + 1 is the version recorded in `schema_migrations`.
 */
export interface Migration {
  name: string;
  up: (db: Kysely<unknown>, engine: Engine) => Promise<void>;
}

/**
 * Append only. Write SQL both engines take (TEXT, BIGINT for times and counters, INTEGER, CHECK,
 * partial indexes) with `run`; branch on `engine` only where they differ.
 */
export const migrations: Migration[] = [
  {
    name: 'baseline: the schema of the SQLite-only releases',
    up: async (db, engine) => {
      if (engine === 'postgres') return run(db, postgresBaseline);
      // A database from those releases has had the first `user_version` steps already.
      const done = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
      for (const step of sqliteBaseline.slice(done.rows[0]?.user_version ?? 0)) await run(db, step);
    },
  },
  {
    // Each room counts its own events: the counter's row lock orders a room's writers, so a reader
    // "after N" never misses an event that commits later with a smaller number. Existing seqs stay.
    name: 'per-room event sequence',
    up: (db) =>
      run(
        db,
        `
        ALTER TABLE rooms ADD COLUMN event_seq BIGINT NOT NULL DEFAULT 0;
        UPDATE rooms SET event_seq = COALESCE((SELECT MAX(seq) FROM events WHERE events.room_id = rooms.id), 0);
        CREATE TABLE room_events (
          room_id TEXT NOT NULL REFERENCES rooms(id),
          seq BIGINT NOT NULL,
          type TEXT NOT NULL,
          audience TEXT NOT NULL CHECK (audience IN ('room', 'owner')),
          proposer_id TEXT REFERENCES people(id),
          data_json TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          PRIMARY KEY (room_id, seq)
        );
        INSERT INTO room_events (room_id, seq, type, audience, proposer_id, data_json, created_at)
          SELECT room_id, seq, type, audience, proposer_id, data_json, created_at FROM events;
        DROP TABLE events;
        ALTER TABLE room_events RENAME TO events;
        `,
      ),
  },
];

/** Runs a script statement by statement (SQLite prepares one at a time); no `;` inside literals. */
export async function run(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*(?:\n|$)/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}
