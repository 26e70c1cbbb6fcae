/** Rows as the domain sees them. Times are epoch milliseconds. */
export type Role = 'owner' | 'member';
export type Scope = 'osfoundry:read' | 'osfoundry:write';
export type TokenKind = 'owner' | 'personal' | 'invite';

export interface PersonRow {
  id: string;
  name: string;
  createdAt: number;
}

export interface TokenRow {
  id: string;
  personId: string;
  hash: string;
  kind: TokenKind;
  scopes: Scope[];
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface SessionRow {
  hash: string;
  personId: string;
  createdAt: number;
  expiresAt: number;
}

export interface RoomRow {
  id: string;
  name: string;
  ownerId: string;
  createdAt: number;
}

export interface RoomForPerson extends RoomRow {
  role: Role;
  appCount: number;
}

export interface ProposalRow {
  id: string;
  roomId: string;
  proposerId: string;
  kind: 'snippet' | 'repo';
  name: string;
  files: Record<string, string> | null;
  repositoryId: string | null;
  versionId: string | null;
  contentSha256: string;
  state: 'pending' | 'approved' | 'declined';
  declineReason: string | null;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}

export interface InstanceRow {
  id: string;
  roomId: string;
  name: string;
  position: number;
  proposalId: string;
  state: 'active' | 'removed';
  createdAt: number;
  removedAt: number | null;
}

/**
 * Everything the domain asks of storage. Promise-returning so another engine (PostgreSQL)
 * can replace SQLite without touching the domain; a Promise resolves after the write committed.
 */
export interface Store {
  getMeta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;

  createPerson(person: PersonRow): Promise<void>;
  getPerson(id: string): Promise<PersonRow | undefined>;

  insertToken(token: TokenRow): Promise<void>;
  findTokenByHash(hash: string): Promise<TokenRow | undefined>;
  revokeTokens(personId: string, kind: TokenKind, at: number): Promise<void>;
  touchToken(id: string, at: number): Promise<void>;

  insertSession(session: SessionRow): Promise<void>;
  findSession(hash: string, now: number): Promise<SessionRow | undefined>;
  deleteSession(hash: string): Promise<void>;

  /** Creates the room and its owner's membership in one transaction. */
  createRoom(room: RoomRow): Promise<void>;
  listRoomsFor(personId: string): Promise<RoomForPerson[]>;
  getRoomFor(roomId: string, personId: string): Promise<RoomForPerson | undefined>;

  insertProposal(proposal: ProposalRow): Promise<void>;
  getProposal(id: string): Promise<ProposalRow | undefined>;
  /** Marks the proposal approved and creates its instance at the end of the launcher, atomically. */
  approveProposal(input: {
    proposalId: string;
    decidedBy: string;
    at: number;
    instanceId: string;
    name: string;
  }): Promise<InstanceRow>;

  listInstances(roomId: string): Promise<InstanceRow[]>;
  getInstance(roomId: string, instanceId: string): Promise<InstanceRow | undefined>;

  close(): Promise<void>;
}
