import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { checkLimits, LIMITS } from '../validation/proposal.ts';
import { utf8Length } from '../validation/utf8.ts';

export interface SizeReport {
  files: { path: string; bytes: number; lines: number }[];
  content_bytes: number;
  /** Bytes of the whole `tools/call` request an agent sends. */
  envelope_bytes: number;
  /** Extra bytes from JSON-escaping the texts (quotes, backslashes, newlines as \n). */
  escape_overhead_bytes: number;
  /** The rest of the envelope: keys, quotes, commas, the JSON-RPC frame and the other arguments. */
  framing_overhead_bytes: number;
  /** cl100k_base tokens of the envelope: roughly what the agent spends emitting the call. */
  approx_tokens: number;
  limits: typeof LIMITS;
  /** Set when the app should be a pinned repository version instead. */
  warning: string | null;
}

let encoder: Tiktoken | undefined;

// js-tiktoken's merge step is quadratic in a piece's length (a 70 KB run of one letter takes minutes), so
// long runs of letters and digits (base64, data URIs) are estimated at 3 characters a token instead.
const LONG_RUN = /[A-Za-z0-9+/=_-]{256,}/g;
function countTokens(text: string): number {
  encoder ??= new Tiktoken(cl100k);
  let n = 0;
  let last = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    n += encoder.encode(text.slice(last, m.index)).length + Math.ceil(m[0].length / 3);
    last = m.index + m[0].length;
  }
  return n + encoder.encode(text.slice(last)).length;
}

const lineCount = (text: string) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The article's size table for a file map sent as `propose_room_snippet_app`. */
export function sizeReport(files: Record<string, string>, roomId = 'ROOM_ID', name = 'App'): SizeReport {
  const rows = Object.entries(files).map(([path, text]) => ({
    path,
    bytes: utf8Length(text),
    lines: lineCount(text),
  }));
  const content = rows.reduce((a, r) => a + r.bytes, 0);
  const escaped = Object.values(files).reduce((a, t) => a + utf8Length(JSON.stringify(t)) - 2, 0);
  const envelope = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'propose_room_snippet_app',
      arguments: { room_id: roomId, name, files, idempotency_key: `snip-${'0'.repeat(32)}` },
    },
  });
  const envelopeBytes = utf8Length(envelope);
  const over = checkLimits(files);
  const near =
    rows.length > LIMITS.maxFiles * 0.75 ||
    rows.some((r) => r.bytes > LIMITS.maxFileBytes * 0.75) ||
    content > LIMITS.maxTotalBytes * 0.75;
  return {
    files: rows,
    content_bytes: content,
    envelope_bytes: envelopeBytes,
    escape_overhead_bytes: escaped - content,
    framing_overhead_bytes: envelopeBytes - escaped,
    approx_tokens: countTokens(envelope),
    limits: LIMITS,
    warning: over
      ? `${over.message} (room repo push <dir>, then room propose --repo <repository_id> --version <version_id>)`
      : near
        ? 'Close to the snippet limits (12 files, 64 KB a file, 128 KB in all): consider a pinned repository version (room repo push).'
        : null,
  };
}
