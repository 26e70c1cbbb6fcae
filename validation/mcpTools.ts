import type { WireEvent } from './events.ts';
import type { NetworkDeclaration } from './networkDeclaration.ts';
import type { Scope } from './scopes.ts';
import type { ToolName } from './toolInput.ts';
import type { ProposalKind, RoomSummary } from './views.ts';

/** The one MCP endpoint: the server mounts it, the CLI and agents call it. */
export const MCP_PATH = '/api/v1/external-mcp';

const WRITE = [{ type: 'oauth2', scopes: ['osfoundry:write'] }];
const READ = [{ type: 'oauth2', scopes: ['osfoundry:read'] }];
const READ_HINTS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const ROOM_ID = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** A tool as published on `tools/list`: raw JSON Schema, explicit hints, and its scope scheme. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: Record<string, unknown> & { type: 'object' };
  annotations: Record<string, boolean>;
  securitySchemes: { type: string; scopes: string[] }[];
  _meta: { securitySchemes: { type: string; scopes: string[] }[] };
}

/** JSON Schema for one argument, by its type in ToolContract. */
type ArgumentSchema<V> = { [k: string]: unknown } & (V extends string
  ? { type: 'string' }
  : V extends number
    ? { type: 'integer' | 'number' }
    : { type: 'object' });

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** A tool's input schema held to its ToolContract input: the same arguments, each required one listed. */
type InputSchemaOf<T, R extends readonly RequiredKeys<T>[]> = {
  type: 'object';
  properties: { [K in keyof T]-?: ArgumentSchema<NonNullable<T[K]>> };
  required: R &
    ([Exclude<RequiredKeys<T>, R[number]>] extends [never]
      ? unknown
      : { unlisted: Exclude<RequiredKeys<T>, R[number]> });
  additionalProperties: false;
};

function tool<N extends keyof ToolContract, const R extends readonly RequiredKeys<ToolInput<N>>[]>(
  def: Omit<ToolDefinition, '_meta' | 'name' | 'inputSchema'> & {
    name: N;
    inputSchema: InputSchemaOf<ToolInput<N>, R>;
  },
): ToolDefinition {
  return { ...def, _meta: { securitySchemes: def.securitySchemes } };
}

/** The published surface. `propose_room_snippet_app` is deep-equal to the published fixture. */
export const TOOLS: ToolDefinition[] = [
  tool({
    name: 'propose_room_snippet_app',
    description:
      'Prepare a Room snippet with source files. It appears in the cloud Room launcher only after its owner reviews and approves the full code in osFoundry.',
    inputSchema: {
      type: 'object',
      properties: {
        room_id: { type: 'string' },
        name: { type: 'string', maxLength: 200 },
        files: { type: 'object', additionalProperties: { type: 'string' } },
        idempotency_key: { type: 'string', minLength: 8, maxLength: 128 },
      },
      required: ['room_id', 'name', 'files', 'idempotency_key'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    securitySchemes: WRITE,
  }),
  tool({
    name: 'propose_room_repo_app',
    description:
      'Propose a pinned repository version as a Room app, for apps too large for a snippet. It appears in the cloud Room launcher only after its owner reviews and approves the code; this path does not build or deploy a bundle.',
    inputSchema: {
      type: 'object',
      properties: {
        room_id: ROOM_ID,
        name: { type: 'string', maxLength: 200 },
        repository_id: { type: 'string', minLength: 1, maxLength: 200 },
        version_id: { type: 'string', minLength: 1, maxLength: 200 },
        idempotency_key: { type: 'string', minLength: 8, maxLength: 128 },
      },
      required: ['room_id', 'name', 'repository_id', 'version_id', 'idempotency_key'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    securitySchemes: WRITE,
  }),
  tool({
    name: 'read_room',
    description:
      "Read a cloud Room's name, kind, your role and its app count. Local Rooms are unavailable: they live only on their device.",
    inputSchema: {
      type: 'object',
      properties: { room_id: ROOM_ID },
      required: ['room_id'],
      additionalProperties: false,
    },
    annotations: READ_HINTS,
    securitySchemes: READ,
  }),
  tool({
    name: 'list_room_apps',
    description:
      "List the approved apps in a cloud Room's launcher, in launcher order, a page at a time, each with the network hosts its approved room.json declares.",
    inputSchema: {
      type: 'object',
      properties: {
        room_id: ROOM_ID,
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
        cursor: { type: 'string', maxLength: 512 },
      },
      required: ['room_id'],
      additionalProperties: false,
    },
    annotations: READ_HINTS,
    securitySchemes: READ,
  }),
  tool({
    name: 'read_room_app_status',
    description:
      "Read one app's safe status: its launcher state, its latest build state and the network hosts its room.json declares (or, for a proposal id you made, its review state). Never files, configuration, logs or app data.",
    inputSchema: {
      type: 'object',
      properties: { room_id: ROOM_ID, instance_id: { type: 'string', minLength: 1, maxLength: 200 } },
      required: ['room_id', 'instance_id'],
      additionalProperties: false,
    },
    annotations: READ_HINTS,
    securitySchemes: READ,
  }),
  tool({
    name: 'poll_resource_events',
    description:
      "Poll a cloud Room's events you may see (approvals, declines, launcher changes) after a cursor. Pass back next_cursor; wait poll_after_ms between polls, or use wait_ms (up to 20000) to wait for the next event.",
    inputSchema: {
      type: 'object',
      properties: {
        resource_type: { type: 'string', enum: ['room'] },
        resource_id: ROOM_ID,
        cursor: { type: 'string', maxLength: 512 },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
        wait_ms: { type: 'integer', minimum: 0, maximum: 20000, default: 0 },
      },
      required: ['resource_type', 'resource_id'],
      additionalProperties: false,
    },
    annotations: READ_HINTS,
    securitySchemes: READ,
  }),
];

/** The scope a tool call needs; unknown tools need read (they fail later as a tool error). */
export function scopeFor(toolName: unknown): Scope {
  const def = TOOLS.find((t) => t.name === toolName);
  return (def?.securitySchemes[0]?.scopes[0] as Scope | undefined) ?? 'osfoundry:read';
}

/** A proposal's review state as the tools say it (the JSON API's `pending` is `pending_review` here). */
export type ReviewState = 'pending_review' | 'approved' | 'declined';

/** What both propose tools answer: the proposal, where to poll for its decision, and the next step. */
export interface ProposalToolResult {
  proposal_id: string;
  room_id: string;
  name: string;
  kind: ProposalKind;
  state: ReviewState;
  file_count: number;
  content_sha256: string;
  /** Pass to poll_resource_events to learn the decision. */
  events_cursor: string;
  replayed: boolean;
  /** Set when the proposal updates an approved app of the same name (approval replaces its code in place). */
  update?: { instance_id: string; app_name: string; base_version: number };
  decline_reason?: string;
  next_step: string;
}

/** One approved app as list_room_apps pages them. */
export interface RoomAppRow {
  instance_id: string;
  name: string;
  position: number;
  version: number;
  network: NetworkDeclaration;
}

/** An app in the launcher, as read_room_app_status answers for its instance id. */
export interface InstanceStatus {
  room_id: string;
  instance_id: string;
  name: string;
  launcher_state: 'active' | 'removed';
  version: number;
  network: NetworkDeclaration;
  versions: { version: number; content_sha256: string; approved_at: string; rollback_of: number | null }[];
  latest_build: { state: 'none'; detail: string };
}

/** The caller's own proposal, as read_room_app_status answers for its proposal id. */
export interface ProposalStatus {
  room_id: string;
  /** The app it made or updated once approved; null until then. */
  instance_id: string | null;
  proposal_id: string;
  name: string;
  review_state: ReviewState;
  decline_reason?: string;
  launcher_state: 'active' | 'removed' | 'absent';
  network: NetworkDeclaration;
}

/** Each tool's arguments as a caller sends them (defaults left out) and its `structuredContent` on success. */
export interface ToolContract {
  propose_room_snippet_app: {
    input: { room_id: string; name: string; files: Record<string, string>; idempotency_key: string };
    result: ProposalToolResult;
  };
  propose_room_repo_app: {
    input: {
      room_id: string;
      name: string;
      repository_id: string;
      version_id: string;
      idempotency_key: string;
    };
    result: ProposalToolResult;
  };
  read_room: { input: { room_id: string }; result: { room: RoomSummary } };
  list_room_apps: {
    input: { room_id: string; limit?: number; cursor?: string };
    result: { room_id: string; apps: RoomAppRow[]; next_cursor: string | null; has_more: boolean };
  };
  read_room_app_status: {
    input: { room_id: string; instance_id: string };
    result: InstanceStatus | ProposalStatus;
  };
  poll_resource_events: {
    input: { resource_type: 'room'; resource_id: string; cursor?: string; limit?: number; wait_ms?: number };
    result: {
      resource_type: 'room';
      resource_id: string;
      events: (WireEvent & { resource_type: 'room'; resource_id: string })[];
      next_cursor: string;
      has_more: boolean;
      poll_after_ms: number;
    };
  };
}

export type ToolInput<N extends ToolName> = ToolContract[N]['input'];
export type ToolResult<N extends ToolName> = ToolContract[N]['result'];

/** Compiles only while ToolContract types exactly the published tools (the generated validators' names). */
export const TOOL_CONTRACT_COMPLETE: [
  Exclude<ToolName, keyof ToolContract> | Exclude<keyof ToolContract, ToolName>,
] extends [never]
  ? true
  : never = true;
