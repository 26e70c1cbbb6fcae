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
  files?: Record<string, string>;
  /** Exact npm versions the app will run with (Sandpack fallback); null: no npm packages. */
  dependencies?: Record<string, string> | null;
}
