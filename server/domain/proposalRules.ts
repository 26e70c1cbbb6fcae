import type { WireError } from '../../validation/errorCodes.ts';

// Interim until validation/proposal.ts (engineer D) lands with the agreed signatures; then this file
// becomes a re-export of it, so the server has one import point for the proposal rules.

export interface SnippetProposalArgs {
  room_id: string;
  name: string;
  files: Record<string, string>;
  idempotency_key: string;
}

export const LIMITS = { maxFiles: 12, maxFileBytes: 64 * 1024, maxTotalBytes: 128 * 1024 } as const;

export function checkName(name: unknown): WireError | undefined {
  if (typeof name !== 'string' || !name.trim())
    return { code: 'invalid_name', message: 'name must be non-empty' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/.test(name))
    return { code: 'invalid_name', message: 'name has control, bidi-override or invisible characters' };
  return undefined;
}

export function checkFiles(files: unknown): WireError | undefined {
  if (!files || typeof files !== 'object' || Array.isArray(files))
    return { code: 'schema_violation', message: 'files must be an object of path → text' };
  const entries = Object.entries(files);
  if (!entries.every(([, v]) => typeof v === 'string'))
    return { code: 'schema_violation', message: 'every file must be text' };
  for (const [path] of entries) {
    const segments = path.split('/');
    const bad =
      [...path].some((c) => c === '\\' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127) ||
      /^[a-zA-Z]:/.test(path) ||
      segments.some((s) => s === '' || s === '.' || s === '..');
    if (bad) return { code: 'unsafe_path', message: `unsafe path '${path}'`, detail: { path } };
  }
  if (!('src/App.tsx' in files)) return { code: 'missing_entry', message: 'src/App.tsx missing' };
  const sizes = entries.map(([, v]) => Buffer.byteLength(v as string));
  const total = sizes.reduce((a, b) => a + b, 0);
  if (
    entries.length > LIMITS.maxFiles ||
    sizes.some((n) => n > LIMITS.maxFileBytes) ||
    total > LIMITS.maxTotalBytes
  )
    return {
      code: 'too_large',
      message: 'At most 12 files, 64 KB a file, 128 KB in all; use propose_room_repo_app for larger apps',
    };
  return undefined;
}

export function validateSnippetProposal(
  args: unknown,
): { ok: true; value: SnippetProposalArgs } | { ok: false; by: 'schema' | 'rule'; error: WireError } {
  const a = args as Partial<SnippetProposalArgs> | null;
  const keys = ['room_id', 'name', 'files', 'idempotency_key'];
  if (
    !a ||
    typeof a !== 'object' ||
    Object.keys(a).some((k) => !keys.includes(k)) ||
    typeof a.room_id !== 'string' ||
    typeof a.idempotency_key !== 'string' ||
    a.idempotency_key.length < 8 ||
    a.idempotency_key.length > 128 ||
    (typeof a.name === 'string' && a.name.length > 200)
  )
    return {
      ok: false,
      by: 'schema',
      error: { code: 'schema_violation', message: 'arguments do not match the schema' },
    };
  const error = checkName(a.name) ?? checkFiles(a.files);
  if (error) return { ok: false, by: error.code === 'schema_violation' ? 'schema' : 'rule', error };
  return { ok: true, value: a as SnippetProposalArgs };
}
