import { CodedError } from '../../validation/errorCodes.ts';

/** Opaque cursors: base64url JSON bound to one room, so a cursor cannot be replayed elsewhere. */
export function encodeCursor(roomId: string, position: number): string {
  return Buffer.from(JSON.stringify({ v: 1, r: roomId, p: position })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, roomId: string): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      v?: unknown;
      r?: unknown;
      p?: unknown;
    };
    if (c.v === 1 && c.r === roomId && Number.isSafeInteger(c.p) && (c.p as number) >= 0)
      return c.p as number;
  } catch {
    // Falls through to the coded error below.
  }
  throw new CodedError(
    'invalid_cursor',
    'This cursor is not one this server gave for this room; start without one',
  );
}
