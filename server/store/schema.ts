import type { ColumnType, Generated } from 'kysely';

/** Set on every insert; null only in rows no write has touched since the column came (none after its migration). */
type Skeleton = ColumnType<string | null, string, string>;

/** The tables as Kysely sees them, on both engines. Times are epoch milliseconds (BIGINT on PostgreSQL). */
export interface Tables {
  schema_migrations: { version: number; name: string; applied_at: number };
  meta: { key: string; value: string };
  /** Proposal rate limit windows shared by every server on the database. */
  rate_windows: { key: string; window_start: number; count: number };
  /** Servers alive now (seen_at refreshed while running) and the owner token hash each ensured. */
  server_instances: { id: string; owner_token_hash: string; started_at: number; seen_at: number };
  people: { id: string; name: string; created_at: number };
  tokens: {
    id: string;
    person_id: string;
    hash: string;
    kind: string;
    /** Space-separated scopes. */
    scopes: string;
    label: string;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
  };
  sessions: {
    hash: string;
    person_id: string;
    token_id: string | null;
    scopes: string;
    created_at: number;
    expires_at: number;
  };
  rooms: {
    id: string;
    name: string;
    owner_id: string;
    created_at: number;
    /** The room's last event `seq`: bumped in the transaction that inserts the event. */
    event_seq: Generated<number>;
  };
  memberships: { room_id: string; person_id: string; role: string; created_at: number };
  proposals: {
    id: string;
    room_id: string;
    proposer_id: string;
    kind: string;
    name: string;
    /** The SHA-256 of the name's confusable skeleton (`skeletonKey`), looked up by the look-alike check. */
    skeleton_sha256: Skeleton;
    files_json: string | null;
    repository_id: string | null;
    version_id: string | null;
    content_sha256: string;
    state: string;
    decline_reason: string | null;
    created_at: number;
    decided_at: number | null;
    decided_by: string | null;
    dependencies_json: string | null;
    packages_json: string | null;
    /** The instance this proposal updates (set at proposal time, confirmed at approval). */
    update_of: string | null;
    base_version: number | null;
    packages_path: string | null;
    bundle_hash: string | null;
    bundle_note: string | null;
    bundle_attempts: Generated<number>;
    bundle_retry_at: number | null;
  };
  package_bundles: { hash: string; code: string; size: number; created_at: number };
  instances: {
    id: string;
    room_id: string;
    name: string;
    skeleton_sha256: Skeleton;
    position: number;
    /** The current version's proposal. */
    proposal_id: string;
    state: string;
    created_at: number;
    removed_at: number | null;
    version: Generated<number>;
  };
  app_versions: {
    instance_id: string;
    version: number;
    proposal_id: string;
    approved_by: string;
    approved_at: number;
    rollback_of: number | null;
  };
  events: {
    room_id: string;
    seq: number;
    type: string;
    audience: string;
    proposer_id: string | null;
    data_json: string;
    created_at: number;
  };
  idempotency_keys: {
    person_id: string;
    tool: string;
    room_id: string;
    key: string;
    fingerprint: string;
    proposal_id: string;
    created_at: number;
  };
  invites: {
    id: string;
    room_id: string;
    hash: string;
    created_by: string;
    created_at: number;
    used_by: string | null;
    used_at: number | null;
    revoked_at: number | null;
    expires_at: number;
  };
  repositories: { id: string; owner_id: string; name: string; created_at: number };
  repository_versions: { repository_id: string; id: string; files_json: string; created_at: number };
}

export type Engine = 'sqlite' | 'postgres';
