import type { NetworkDeclaration } from './networkDeclaration.ts';
import type { Scope } from './scopes.ts';

export type { NetworkDeclaration };

/**
 * The JSON views the server answers with, as the shell and the CLI read them. Times are ISO 8601.
 * The server builds them, everything else imports them from here: nothing retypes a response.
 */

export type RoomRole = 'owner' | 'member';
export type ProposalKind = 'snippet' | 'repo';
export type ProposalState = 'pending' | 'approved' | 'declined';

export interface PersonView {
  person: { id: string; name: string };
  scopes: Scope[];
}

export interface RoomSummary {
  id: string;
  name: string;
  kind: 'cloud';
  role: RoomRole;
  app_count: number;
}

/** An approved app in the launcher, in launcher order. */
export interface LauncherApp {
  id: string;
  name: string;
  position: number;
  /** The app's current version number: 1 when approved, one more on every update or rollback. */
  version: number;
  /** Exact npm versions when the app runs through the Sandpack fallback; null: the Sucrase path. */
  dependencies: Record<string, string> | null;
  /** How its npm packages run: pre-bundled on the Sucrase path, or Sandpack; null: it imports none. */
  packages_path: PackagesPath | null;
  /** The hosts its approved room.json declares (empty lists: it cannot reach the network). */
  network: NetworkDeclaration;
}

/** 'bundle': built on the server at approval, loaded by the Sucrase frame; 'sandpack': the fallback. */
export type PackagesPath = 'bundle' | 'sandpack';

/** A launcher app as `GET /api/rooms/:roomId` answers it: where its frame and Sandpack bundler live. */
export interface LauncherAppView extends LauncherApp {
  frame_url: string;
  /** The app's own Sandpack bundler site, when it needs one. */
  sandpack_url: string | null;
  /** The npm registry path that serves this app's reviewed packages, and only them. */
  registry_url: string | null;
  /** The app's package bundle on its own frame site (`/deps/<hash>.js`), on the 'bundle' path. */
  packages_url: string | null;
}

export interface LauncherView {
  room: RoomSummary;
  apps: LauncherAppView[];
}

/** What the launcher's app menu shows under "About this app". */
export interface AppAbout {
  id: string;
  name: string;
  kind: ProposalKind;
  proposed_by: string;
  proposed_at: string;
  approved_by: string;
  approved_at: string;
  content_sha256: string;
  packages_path: PackagesPath | null;
  /** Why the app's packages run in Sandpack, when a build at approval failed. */
  packages_note: string | null;
  /** The version that runs now. */
  version: number;
  /** The hosts the version that runs now declares in its room.json. */
  network: NetworkDeclaration;
}

/** One version in an app's history; a rollback is a version of its own that names the one it restored. */
export interface AppVersionView {
  version: number;
  content_sha256: string;
  proposal_id: string;
  /** Display names of the proposer and of who approved (or rolled back to) this version. */
  proposed_by: string;
  approved_by: string;
  approved_at: string;
  /** The earlier version this one restored; null: an approved proposal. */
  rollback_of: number | null;
}

/** An app's version history, newest first, as the app menu lists it. */
export interface AppVersionsView {
  app_id: string;
  current_version: number;
  versions: AppVersionView[];
}

/**
 * What a proposal updates: an approved app of the same launcher name in the same room. `base_version` is
 * the app's version when the proposal was made; `current_version` its version now (null: the app was
 * removed since, so approving would add a new app).
 */
export interface ProposalUpdate {
  instance_id: string;
  app_name: string;
  base_version: number;
  current_version: number | null;
}

/** One package of a proposal's reviewed tree, pinned with integrity. */
export interface PinnedPackage {
  name: string;
  version: string;
  integrity: string;
  license: string;
  /** The app's own import, a peer one requires (the bundler installs no peers itself, so the app lists
   * it), what the Sandpack bundler installs for every app, or a dependency of another. */
  role: 'direct' | 'peer' | 'bundler' | 'dependency';
  /** Bytes it unpacks to: the registry's `dist.unpackedSize`, else counted from the cached tarball's
   * headers; null: unknown (or a proposal made before sizes were recorded). */
  unpacked_size: number | null;
  /** Where it is expected to run, judged at proposal time from its manifest (nothing is built for an
   * unreviewed proposal); null: a proposal made before this was judged. */
  expected_path: PackagesPath | null;
  /** Why Sandpack is expected (a native build, an os/cpu list, a Node-only dependency, bundles off). */
  expected_note: string | null;
}

/** A proposal as its proposer and the owner read it; `files` only when asked for. */
export interface ProposalView {
  id: string;
  room_id: string;
  kind: ProposalKind;
  name: string;
  state: ProposalState;
  file_count: number;
  content_sha256: string;
  repository_id: string | null;
  version_id: string | null;
  decline_reason: string | null;
  created_at: string;
  decided_at: string | null;
  /** Exact npm versions the app runs with through the Sandpack fallback; null: the Sucrase path. */
  dependencies: Record<string, string> | null;
  /** Every package that runs with it (direct first), pinned with integrity; null: the Sucrase path. */
  packages: PinnedPackage[] | null;
  /** Where the app's packages are expected to run if approved: 'sandpack' when any package the app
   * imports (or one they need) is judged Node-only or bundles are off; null: no packages. The build at
   * approval decides (ApprovedApp.packages_path). */
  expected_path: PackagesPath | null;
  /** Why the app is expected to run in Sandpack; null otherwise. */
  expected_note: string | null;
  /** The approved app this proposal updates; null: a new app. */
  update: ProposalUpdate | null;
  /** The proposer's display name: on the owner's views only. */
  proposer_name?: string;
  /** The OAuth app it came through (its self-declared name), when it came through one. */
  via_client?: string;
  files?: Record<string, string>;
  /** The hosts its room.json declares: with `files` only. */
  network?: NetworkDeclaration;
}

/** A proposal as its proposer gets it back from proposing. */
export interface ProposalReceipt extends ProposalView {
  replayed: boolean;
  /** The room's latest event sequence when the proposal was answered. */
  events_seq: number;
}

/** What approving answers: the app now in the launcher. */
export interface ApprovedApp {
  id: string;
  name: string;
  position: number;
  proposal_id: string;
  /** Where the approval's package build sent the app; null: it imports no package. */
  packages_path: PackagesPath | null;
  packages_note: string | null;
  /** The app's version after this approval. */
  version: number;
  /** True: the approval updated an app in place; false: it added a new app. */
  updated: boolean;
}

/** One inbox for an owner of many rooms: every pending proposal of the rooms they own, without files. */
export interface Inbox {
  total: number;
  rooms: { id: string; name: string; proposals: ProposalView[] }[];
}

export interface MemberView {
  person_id: string;
  name: string;
  role: RoomRole;
  joined_at: string;
}

export interface InviteView {
  id: string;
  created_at: string;
  expires_at: string;
  state: 'open' | 'used' | 'revoked' | 'expired';
}

/** An OAuth grant as Connected lists it: the app's self-declared name, its scopes and last use. */
export interface GrantView {
  id: string;
  client_name: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
}

export interface TokenView {
  id: string;
  label: string;
  scopes: Scope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface RepositoryView {
  id: string;
  name: string;
  created_at: string;
  versions: { id: string; created_at: string }[];
}

export interface VersionReceipt {
  id: string;
  repository_id: string;
  file_count: number;
  created_at: string;
}

export interface VersionView {
  id: string;
  repository_id: string;
  files: Record<string, string>;
}
