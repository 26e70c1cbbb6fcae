import type { Scope } from '../../validation/scopes.ts';

/** Times are epoch milliseconds; secrets are stored only as their SHA-256 hex. */
export interface OAuthClientRow {
  id: string;
  name: string;
  redirectUris: string[];
  createdAt: number;
  /** The address that registered it (the registration bound counts per address). */
  createdBy: string;
  /** Its first Allow; null while it waits in the pool of registrations nobody consented to. */
  consentedAt: number | null;
}

/** One consent: every code and token issued from it belongs to it; revoking it ends them all. */
export interface OAuthGrantRow {
  id: string;
  clientId: string;
  personId: string;
  scopes: Scope[];
  resource: string;
  createdAt: number;
  lastUsedAt: number | null;
  /** Set when revoked, or (read back) when the token its consenting session came from was revoked. */
  revokedAt: number | null;
  /** The token whose session consented (null for an invite's session): the grant ends with it. */
  sourceTokenId: string | null;
}

export type OAuthSecretKind = 'code' | 'access' | 'refresh';

export interface OAuthSecretRow {
  hash: string;
  grantId: string;
  kind: OAuthSecretKind;
  createdAt: number;
  expiresAt: number;
  /** A code exchanged or a refresh token rotated: a second use revokes the grant. */
  usedAt: number | null;
  /** Codes only: what the token request must repeat. */
  redirectUri: string | null;
  codeChallenge: string | null;
}

/** An authorization request waiting for the person's Allow or Deny; its secret is the form's token. */
export interface OAuthRequestRow {
  hash: string;
  sessionId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
  state: string | null;
  expiresAt: number;
}

/** An answered consent form: where the browser goes next, shown once to the session that answered. */
export interface OAuthAnswerRow {
  hash: string;
  sessionId: string;
  location: string;
  expiresAt: number;
}

export interface GrantWithClient extends OAuthGrantRow {
  clientName: string;
}

/** Everything the OAuth server keeps; async so another engine can serve it. */
export interface OAuthStore {
  /** Consented clients (the cap counts these only). */
  countClients(): Promise<number>;
  /** Clients waiting for their first Allow, all of them or from one address. */
  countPendingClients(createdBy?: string): Promise<number>;
  /** Consented clients this address registered since then. */
  countClientsSince(createdBy: string, since: number): Promise<number>;
  /** Removes the oldest waiting client (of this address) that no open consent page names; false if none. */
  dropOldestPending(createdBy?: string): Promise<boolean>;
  insertClient(client: OAuthClientRow): Promise<void>;
  /** A client known from its metadata document: kept (waiting for consent if new), its name and URIs as fetched now. */
  putMetadataClient(client: { id: string; name: string; redirectUris: string[] }, at: number): Promise<void>;
  getClient(id: string): Promise<OAuthClientRow | undefined>;

  insertRequest(request: OAuthRequestRow): Promise<void>;
  /** Removes and returns a live request (a consent form is answered once). */
  takeRequest(hash: string, now: number): Promise<OAuthRequestRow | undefined>;
  getRequest(hash: string, now: number): Promise<OAuthRequestRow | undefined>;
  insertAnswer(answer: OAuthAnswerRow): Promise<void>;
  /** Removes and returns a live answer of this session (its page moves on once). */
  takeAnswer(hash: string, sessionId: string, now: number): Promise<OAuthAnswerRow | undefined>;

  /** The grant and its first secret (the code), in one transaction; its client leaves the pool. */
  insertGrant(grant: OAuthGrantRow, code: OAuthSecretRow): Promise<void>;
  getGrant(id: string): Promise<GrantWithClient | undefined>;
  listGrants(personId: string): Promise<GrantWithClient[]>;
  revokeGrant(id: string, at: number): Promise<boolean>;
  touchGrant(id: string, at: number): Promise<void>;

  findSecret(hash: string): Promise<OAuthSecretRow | undefined>;
  /** Marks `used` used and stores `issued`, in one transaction; false when `used` was used already. */
  rotate(used: string, issued: OAuthSecretRow[], at: number): Promise<boolean>;
  /** Remembers that a proposal came through this grant's app (a replay changes nothing). */
  noteProposal(proposalId: string, grantId: string): Promise<void>;
  /** The app name each of these proposals came through, for those that came through one. */
  clientNamesOf(proposalIds: string[]): Promise<Map<string, string>>;
  /**
   * Removes expired secrets (but keeps a used code while its grant lives, so a late replay still
   * revokes it), requests and answers, and clients registered before `pendingBefore` nobody consented to.
   */
  prune(now: number, pendingBefore: number): Promise<void>;
}
