import type { Scope } from './scopes.ts';

/** The one MCP endpoint: the server mounts it, the CLI and agents call it. */
export const MCP_PATH = '/api/v1/external-mcp';

const WRITE = [{ type: 'oauth2', scopes: ['osfoundry:write'] }];
const READ = [{ type: 'oauth2', scopes: ['osfoundry:read'] }];
const READ_HINTS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const ROOM_ID = { type: 'string', minLength: 1, maxLength: 200 };

/** A tool as published on `tools/list`: raw JSON Schema, explicit hints, and its scope scheme. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: Record<string, unknown> & { type: 'object' };
  annotations: Record<string, boolean>;
  securitySchemes: { type: string; scopes: string[] }[];
  _meta: { securitySchemes: { type: string; scopes: string[] }[] };
}

function tool(def: Omit<ToolDefinition, '_meta'>): ToolDefinition {
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
