/** A proposal as `GET /api/rooms/:room/proposals` returns it to the owner. */
export interface Proposal {
  id: string;
  kind: 'snippet' | 'repo';
  name: string;
  state: string;
  created_at: string;
  repository_id: string | null;
  version_id: string | null;
  proposer_name?: string;
  /** The OAuth app it came through (a name the app chose itself). */
  via_client?: string;
  files?: Record<string, string>;
  /** Exact npm versions the app will run with (Sandpack fallback); null: no npm packages. */
  dependencies?: Record<string, string> | null;
  /** Every package that runs with it, pinned at proposal time; null: no npm packages. */
  packages?: ReviewedPackage[] | null;
}

/** One package of a proposal's reviewed tree. */
export interface ReviewedPackage {
  name: string;
  version: string;
  integrity: string;
  license: string;
  role: 'direct' | 'peer' | 'bundler' | 'dependency';
}
