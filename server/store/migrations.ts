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
  {
    // OAuth: registered clients, consents (grants) with their codes and tokens (hashed), pending consent
    // forms, and the app each proposal came through. IF NOT EXISTS: a SQLite folder from the i20 branch
    // before this list existed has them already.
    name: 'OAuth authorization server',
    up: (db) =>
      run(
        db,
        `
        CREATE TABLE IF NOT EXISTS oauth_clients (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          redirect_uris_json TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          created_by TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS oauth_clients_by ON oauth_clients (created_by, created_at);
        CREATE TABLE IF NOT EXISTS oauth_grants (
          id TEXT PRIMARY KEY,
          client_id TEXT NOT NULL REFERENCES oauth_clients(id),
          person_id TEXT NOT NULL REFERENCES people(id),
          scopes TEXT NOT NULL,
          resource TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          last_used_at BIGINT,
          revoked_at BIGINT
        );
        CREATE INDEX IF NOT EXISTS oauth_grants_person ON oauth_grants (person_id);
        CREATE TABLE IF NOT EXISTS oauth_secrets (
          hash TEXT PRIMARY KEY,
          grant_id TEXT NOT NULL REFERENCES oauth_grants(id),
          kind TEXT NOT NULL CHECK (kind IN ('code', 'access', 'refresh')),
          created_at BIGINT NOT NULL,
          expires_at BIGINT NOT NULL,
          used_at BIGINT,
          redirect_uri TEXT,
          code_challenge TEXT
        );
        CREATE INDEX IF NOT EXISTS oauth_secrets_grant ON oauth_secrets (grant_id);
        CREATE TABLE IF NOT EXISTS oauth_requests (
          hash TEXT PRIMARY KEY,
          session_id TEXT NOT NULL,
          client_id TEXT NOT NULL REFERENCES oauth_clients(id),
          redirect_uri TEXT NOT NULL,
          code_challenge TEXT NOT NULL,
          scopes TEXT NOT NULL,
          resource TEXT NOT NULL,
          state TEXT,
          expires_at BIGINT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS oauth_proposals (
          proposal_id TEXT PRIMARY KEY REFERENCES proposals(id),
          grant_id TEXT NOT NULL REFERENCES oauth_grants(id)
        );
        `,
      ),
  },
  {
    // A grant ends with the token whose session consented to it (null: an invite's session), and an
    // answered consent form moves on from a page of our own, so no client URI goes into a CSP.
    name: 'OAuth: the source token of a grant, consent answers',
    up: (db) =>
      run(
        db,
        `
        ALTER TABLE oauth_grants ADD COLUMN source_token_id TEXT REFERENCES tokens(id);
        CREATE INDEX oauth_grants_source ON oauth_grants (source_token_id);
        CREATE TABLE oauth_answers (
          hash TEXT PRIMARY KEY,
          session_id TEXT NOT NULL,
          location TEXT NOT NULL,
          expires_at BIGINT NOT NULL
        );
        `,
      ),
  },
  {
    // App updates: an app's versions are records of their own, an instance points at its current
    // version's proposal, and a proposal remembers the app it updates. Every existing app is version 1.
    name: 'app versions',
    up: (db) =>
      run(
        db,
        `
        ALTER TABLE instances ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE proposals ADD COLUMN update_of TEXT REFERENCES instances(id);
        ALTER TABLE proposals ADD COLUMN base_version INTEGER;
        CREATE TABLE app_versions (
          instance_id TEXT NOT NULL REFERENCES instances(id),
          version INTEGER NOT NULL,
          proposal_id TEXT NOT NULL REFERENCES proposals(id),
          approved_by TEXT NOT NULL REFERENCES people(id),
          approved_at BIGINT NOT NULL,
          rollback_of INTEGER,
          PRIMARY KEY (instance_id, version)
        );
        INSERT INTO app_versions (instance_id, version, proposal_id, approved_by, approved_at, rollback_of)
          SELECT i.id, 1, i.proposal_id, COALESCE(p.decided_by, r.owner_id), COALESCE(p.decided_at, i.created_at), NULL
          FROM instances i JOIN proposals p ON p.id = i.proposal_id JOIN rooms r ON r.id = i.room_id;
        `,
      ),
  },
  {
    // Several servers on one database: the proposal rate limit counted in shared windows, and the
    // servers alive now with the owner bootstrap token each ensured (hash), so two configured
    // differently refuse to start.
    name: 'shared rate windows, live servers',
    up: (db) =>
      run(
        db,
        `
        CREATE TABLE rate_windows (
          key TEXT NOT NULL,
          window_start BIGINT NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (key, window_start)
        );
        CREATE TABLE server_instances (
          id TEXT PRIMARY KEY,
          owner_token_hash TEXT NOT NULL,
          started_at BIGINT NOT NULL,
          seen_at BIGINT NOT NULL
        );
        `,
      ),
  },
  {
    // Approved apps' npm packages built on the server (content-addressed, shared by every proposal with
    // the same build), and each proposal's path: 'bundle' with its hash, or 'sandpack' with why.
    name: 'package bundles',
    up: (db) =>
      run(
        db,
        `
        CREATE TABLE package_bundles (
          hash TEXT PRIMARY KEY,
          code TEXT NOT NULL,
          size BIGINT NOT NULL,
          created_at BIGINT NOT NULL
        );
        ALTER TABLE proposals ADD COLUMN packages_path TEXT CHECK (packages_path IN ('bundle', 'sandpack'));
        ALTER TABLE proposals ADD COLUMN bundle_hash TEXT;
        ALTER TABLE proposals ADD COLUMN bundle_note TEXT;
        CREATE INDEX proposals_bundle ON proposals (bundle_hash);
        `,
      ),
  },
  {
    // An approved app moved onto bundles after the fact: how many builds were started (counted before each
    // starts, so one that killed its server counts too) and when the next may start, so no read retries it.
    name: 'package build attempts',
    up: (db) =>
      run(
        db,
        `
        ALTER TABLE proposals ADD COLUMN bundle_attempts INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE proposals ADD COLUMN bundle_retry_at BIGINT;
        `,
      ),
  },
  {
    // Registrations nobody consented to are a bounded pool of their own (no client cap, no address
    // budget, gone within the hour): a client leaves it at its first Allow.
    name: 'OAuth: consented clients',
    up: (db) =>
      run(
        db,
        `
        ALTER TABLE oauth_clients ADD COLUMN consented_at BIGINT;
        UPDATE oauth_clients SET consented_at = created_at WHERE id IN (SELECT client_id FROM oauth_grants);
        CREATE INDEX oauth_clients_pending ON oauth_clients (consented_at, created_at);
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
