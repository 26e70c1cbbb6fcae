import type { RoomAppRow } from '../../validation/mcpTools.ts';
import { type CliContext, EXIT, type Outcome, positional, table } from '../cliTypes.ts';
import { printable } from '../printable.ts';

/** `room rooms`: the rooms the token can see (JSON API: MCP has no tool for it). */
export async function rooms(ctx: CliContext): Promise<Outcome> {
  const { rooms } = await ctx.client.api('GET /api/rooms');
  const text = rooms.length
    ? table([['id', 'name', 'role'], ...rooms.map((r) => [r.id, r.name, r.role])])
    : 'No rooms yet.';
  return { exit: EXIT.ok, text, json: { rooms } };
}

/** `room apps <room>`: every approved app in launcher order, all pages of list_room_apps. */
export async function apps(ctx: CliContext): Promise<Outcome> {
  const room = positional(ctx, 0, 'room');
  const all: RoomAppRow[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await ctx.client.callTool('list_room_apps', {
      room_id: room,
      limit: 50,
      ...(cursor ? { cursor } : {}),
    });
    all.push(...page.apps);
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  const text = all.length
    ? table([
        ['position', 'instance_id', 'version', 'name'],
        ...all.map((a) => [a.position, a.instance_id, a.version, a.name]),
      ])
    : 'No apps in this room yet.';
  return { exit: EXIT.ok, text, json: { room_id: room, apps: all } };
}

/** `room status <room> <instance>`: an app's launcher state, or the review state of your proposal. */
export async function status(ctx: CliContext): Promise<Outcome> {
  const room = positional(ctx, 0, 'room');
  const instance = positional(ctx, 1, 'instance');
  const s = await ctx.client.callTool('read_room_app_status', {
    room_id: room,
    instance_id: instance,
  });
  const text = Object.entries(s)
    .map(
      ([k, v]) =>
        `${printable(k)}: ${printable(typeof v === 'object' && v !== null ? JSON.stringify(v) : v)}`,
    )
    .join('\n');
  return { exit: EXIT.ok, text, json: s };
}
