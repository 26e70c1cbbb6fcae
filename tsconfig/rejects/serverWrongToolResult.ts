import type { ToolResult } from '../../validation/mcpTools.ts';

// A tool's handler must answer that tool's result: read_room answers `room`, not `rooms`.
export const result: ToolResult<'read_room'> = { rooms: [] };
