import type { EventPage } from './events.ts';
import type { Scope } from './scopes.ts';
import type {
  AppAbout,
  ApprovedApp,
  AppVersionsView,
  GrantView,
  Inbox,
  InviteView,
  LauncherView,
  MemberView,
  PersonView,
  ProposalReceipt,
  ProposalState,
  ProposalView,
  RepositoryView,
  RoomSummary,
  TokenView,
  VersionReceipt,
  VersionView,
} from './views.ts';

type Ok = { ok: true };
type Files = Record<string, string>;

/**
 * Every JSON route of the shell's API, keyed `'METHOD /path/:param'`: what its body and query take and
 * what it answers on success (failures answer a `WireError`). The server's router, the shell's `api()`
 * and the CLI's `RoomClient.api()` are all typed by these keys.
 */
export interface ApiRoutes {
  'GET /healthz': { response: Ok };
  'GET /api/me': { response: PersonView };
  'POST /api/session': { body: { token: string }; response: Ok };
  'DELETE /api/session': { response: Ok };
  'GET /api/rooms': { response: { rooms: RoomSummary[] } };
  'POST /api/rooms': { body: { name: string }; response: { room: RoomSummary } };
  'GET /api/rooms/:roomId': { response: LauncherView };
  'PATCH /api/rooms/:roomId': { body: { name: string }; response: Ok };
  'GET /api/rooms/:roomId/apps/:appId/files': { response: { files: Files } };
  'GET /api/rooms/:roomId/apps/:appId/about': { response: { about: AppAbout } };
  'DELETE /api/rooms/:roomId/apps/:appId': { response: Ok };
  'GET /api/rooms/:roomId/apps/:appId/versions': { response: { versions: AppVersionsView } };
  /** Owner only: makes an earlier version current again, as the next version number. */
  'POST /api/rooms/:roomId/apps/:appId/rollback': {
    body: { version: number };
    response: { app: ApprovedApp; versions: AppVersionsView };
  };
  'PUT /api/rooms/:roomId/app-order': { body: { apps: string[] }; response: Ok };
  'POST /api/rooms/:roomId/proposals': {
    body: { name: string; files: Files; idempotency_key: string };
    response: { proposal: ProposalReceipt };
  };
  'POST /api/rooms/:roomId/repo-proposals': {
    body: { name: string; repository_id: string; version_id: string; idempotency_key: string };
    response: { proposal: ProposalReceipt };
  };
  'GET /api/rooms/:roomId/proposals': {
    query: { state?: ProposalState | 'all'; files?: '0' | '1' };
    response: { proposals: ProposalView[] };
  };
  'GET /api/rooms/:roomId/proposals/:proposalId': { response: { proposal: ProposalView } };
  /**
   * `reviewed_version` and `reviewed_app`: the app version and the app (its id) the reviewed diff was
   * against, null for both when reviewed as a new app.
   */
  'POST /api/rooms/:roomId/proposals/:proposalId/approve': {
    body: { reviewed_version?: number | null; reviewed_app?: string | null };
    response: { app: ApprovedApp };
  };
  'POST /api/rooms/:roomId/proposals/:proposalId/decline': {
    body: { reason?: string };
    response: { proposal: ProposalView };
  };
  'GET /api/review/pending': { response: Inbox };
  'GET /api/rooms/:roomId/events': { query: { after?: string; limit?: string }; response: EventPage };
  'GET /api/rooms/:roomId/members': { response: { members: MemberView[] } };
  'DELETE /api/rooms/:roomId/members/:personId': { response: Ok };
  'POST /api/rooms/:roomId/invites': {
    body: { expires_in_hours?: number };
    response: { invite: InviteView & { url: string } };
  };
  'GET /api/rooms/:roomId/invites': { response: { invites: InviteView[] } };
  'DELETE /api/rooms/:roomId/invites/:inviteId': { response: Ok };
  'GET /api/tokens': { response: { tokens: TokenView[] } };
  'POST /api/tokens': {
    body: { label: string; scopes?: Scope[] };
    response: { token: TokenView & { secret: string } };
  };
  'DELETE /api/tokens/:tokenId': { response: Ok };
  'GET /api/oauth/grants': { response: { grants: GrantView[] } };
  'DELETE /api/oauth/grants/:grantId': { response: Ok };
  'POST /api/repositories': { body: { name: string }; response: { repository: RepositoryView } };
  'GET /api/repositories/:repositoryId': { response: { repository: RepositoryView } };
  'POST /api/repositories/:repositoryId/versions': {
    body: { files: Files };
    response: { version: VersionReceipt };
  };
  'GET /api/repositories/:repositoryId/versions/:versionId': { response: { version: VersionView } };
}

export type RouteKey = keyof ApiRoutes;
export type ResponseOf<K extends RouteKey> = ApiRoutes[K]['response'];
export type BodyOf<K extends RouteKey> = ApiRoutes[K] extends { body: infer B } ? B : undefined;
export type QueryOf<K extends RouteKey> = ApiRoutes[K] extends { query: infer Q } ? Q : undefined;
export type MethodOf<K extends RouteKey> = K extends `${infer M} ${string}` ? M : never;
type PathOf<K extends RouteKey> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The path parameters a route key names, e.g. `{ roomId: string }` for `GET /api/rooms/:roomId`. */
export type ParamsOf<K extends RouteKey> = { [N in ParamNames<PathOf<K>>]: string };

/** A call of one route as the shell and the CLI make it: params fill the path, query and body are typed. */
export type RouteCall<K extends RouteKey> = ([keyof ParamsOf<K>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<K> }) &
  (BodyOf<K> extends undefined
    ? { body?: undefined }
    : // A body whose fields are all optional may be left out.
      object extends BodyOf<K>
      ? { body?: BodyOf<K> }
      : { body: BodyOf<K> }) &
  (QueryOf<K> extends undefined ? { query?: undefined } : { query?: QueryOf<K> });

/** The arguments after the route key: none when the route takes no params, body or query. */
export type CallArgs<K extends RouteKey> =
  object extends RouteCall<K> ? [call?: RouteCall<K>] : [call: RouteCall<K>];

/** Splits a route key into its method and its path with parameters filled in (encoded) and the query. */
export function routeRequest<K extends RouteKey>(
  key: K,
  call?: RouteCall<K>,
): { method: MethodOf<K>; path: string } {
  const space = key.indexOf(' ');
  const params = (call?.params ?? {}) as Record<string, string>;
  const path = key
    .slice(space + 1)
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = new URLSearchParams(
    Object.entries((call?.query ?? {}) as Record<string, string | undefined>).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  ).toString();
  return { method: key.slice(0, space) as MethodOf<K>, path: query ? `${path}?${query}` : path };
}
