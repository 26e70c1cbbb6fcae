/**
 * The SQLite-only schema steps of the first releases, tracked in `PRAGMA user_version` (1-5): the
 * `baseline` migration runs those a database has not had yet. Frozen: new steps go to migrations.ts.
 */
export const sqliteBaseline: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE people (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    person_id TEXT NOT NULL REFERENCES people(id),
    hash TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('owner', 'personal', 'invite')),
    scopes TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at INTEGER
  );
  CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    person_id TEXT NOT NULL REFERENCES people(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    owner_id TEXT NOT NULL REFERENCES people(id),
    created_at INTEGER NOT NULL
  );
  CREATE TABLE memberships (
    room_id TEXT NOT NULL REFERENCES rooms(id),
    person_id TEXT NOT NULL REFERENCES people(id),
    role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (room_id, person_id)
  );
  CREATE TABLE proposals (
    id TEXT PRIMARY KEY,
    room_id TEXT NOT NULL REFERENCES rooms(id),
    proposer_id TEXT NOT NULL REFERENCES people(id),
    kind TEXT NOT NULL CHECK (kind IN ('snippet', 'repo')),
    name TEXT NOT NULL,
    files_json TEXT,
    repository_id TEXT,
    version_id TEXT,
    content_sha256 TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'declined')),
    decline_reason TEXT,
    created_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by TEXT REFERENCES people(id)
  );
  CREATE INDEX proposals_room_state ON proposals (room_id, state);
  CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    room_id TEXT NOT NULL REFERENCES rooms(id),
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    proposal_id TEXT NOT NULL REFERENCES proposals(id),
    state TEXT NOT NULL CHECK (state IN ('active', 'removed')),
    created_at INTEGER NOT NULL,
    removed_at INTEGER
  );
  CREATE UNIQUE INDEX instances_room_name ON instances (room_id, name) WHERE state = 'active';
  `,
  `
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    room_id TEXT NOT NULL REFERENCES rooms(id),
    type TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('room', 'owner')),
    proposer_id TEXT REFERENCES people(id),
    data_json TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX events_room_seq ON events (room_id, seq);
  CREATE TABLE idempotency_keys (
    person_id TEXT NOT NULL REFERENCES people(id),
    tool TEXT NOT NULL,
    room_id TEXT NOT NULL REFERENCES rooms(id),
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    proposal_id TEXT NOT NULL REFERENCES proposals(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (person_id, tool, room_id, key)
  );
  CREATE TABLE invites (
    id TEXT PRIMARY KEY,
    room_id TEXT NOT NULL REFERENCES rooms(id),
    hash TEXT NOT NULL UNIQUE,
    created_by TEXT NOT NULL REFERENCES people(id),
    created_at INTEGER NOT NULL,
    used_by TEXT REFERENCES people(id),
    used_at INTEGER,
    revoked_at INTEGER
  );
  CREATE TABLE repositories (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES people(id),
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE repository_versions (
    repository_id TEXT NOT NULL REFERENCES repositories(id),
    id TEXT NOT NULL,
    files_json TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (repository_id, id)
  );
  `,
  // The exact npm versions a Sandpack-fallback app was reviewed with.
  `ALTER TABLE proposals ADD COLUMN dependencies_json TEXT;`,
  // Sessions carry the scopes and token they were made from (older ones had every scope, whatever
  // made them, so they end here); invites expire (open ones get the default 7 days from creation).
  `
  DELETE FROM sessions;
  ALTER TABLE sessions ADD COLUMN token_id TEXT REFERENCES tokens(id);
  ALTER TABLE sessions ADD COLUMN scopes TEXT NOT NULL DEFAULT '';
  CREATE INDEX sessions_token ON sessions (token_id);
  ALTER TABLE invites ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
  UPDATE invites SET expires_at = created_at + 604800000;
  `,
  // Every package a Sandpack-fallback app runs with, pinned with integrity hashes when proposed.
  `ALTER TABLE proposals ADD COLUMN packages_json TEXT;`,
];
