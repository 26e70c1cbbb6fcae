import type { IncomingMessage } from 'node:http';
import { CodedError } from '../../validation/errorCodes.ts';

/** Reads an `application/x-www-form-urlencoded` body up to `limit` bytes (a landing page's form). */
export async function readForm(req: IncomingMessage, limit: number): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new CodedError('payload_too_large', `The body is over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
