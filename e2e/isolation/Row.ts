import type { Env, RowContext } from './rowEnv.ts';

export type Group =
  | 'parent-dom'
  | 'storage'
  | 'cross-app'
  | 'files'
  | 'outbound'
  | 'navigation'
  | 'forms'
  | 'dialogs'
  | 'network'
  | 'messaging'
  | 'exhaustion'
  | 'reviewer'
  | 'unreviewed'
  | 'sandpack'
  | 'server'
  | 'bundle';

/**
 * An app's files; `earlier` holds the room id, the ids of the row's apps approved before it and, for a
 * pre-bundled one, its bundle's path (`<role>:deps`).
 */
export type FilesFor = (env: Env, earlier: Record<string, string>) => Record<string, string>;

/** One hostile snippet or proposal, and the outcome the host must show. */
export interface Row {
  id: string;
  group: Group;
  /** What the snippet or proposal tries. */
  attempt: string;
  /** What the host must show. */
  outcome: string;
  /** Approved apps by role (`main` is the hostile one), proposed and approved in this order. */
  apps?: Record<string, FilesFor>;
  /** Pages the loopback listener serves at `/page/<id>-<name>`. */
  pages?: Record<string, (env: Env) => string>;
  /** A room of its own: no warm frames or tabs from other rows. */
  ownRoom?: boolean;
  timeoutMs?: number;
  check: (t: RowContext) => Promise<void>;
}
