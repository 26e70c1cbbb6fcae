import { compareUtf8, sha256Utf8Hex } from './utf8.ts';

/**
 * The canonical encoding hashed for a snippet key: the UTF-8 bytes of
 * `JSON.stringify([room_id, name, [[path, text], …]])`, files sorted by path in UTF-8 byte order,
 * strings exactly as given (name untrimmed, no newline normalisation).
 */
export function canonicalSnippetEncoding(
  roomId: string,
  name: string,
  files: Record<string, string>,
): string {
  const entries = Object.entries(files).sort(([a], [b]) => compareUtf8(a, b));
  return JSON.stringify([roomId, name, entries]);
}

/** The recommended idempotency key: `"snip-" + sha256(canonical encoding)[:32]` (hex). */
export async function snippetKey(
  roomId: string,
  name: string,
  files: Record<string, string>,
): Promise<string> {
  return `snip-${(await sha256Utf8Hex(canonicalSnippetEncoding(roomId, name, files))).slice(0, 32)}`;
}

/** The key for a repository proposal: `"repo-" + sha256(JSON [room_id, name, repository_id, version_id])[:32]`. */
export async function repoKey(
  roomId: string,
  name: string,
  repositoryId: string,
  versionId: string,
): Promise<string> {
  const hex = await sha256Utf8Hex(JSON.stringify([roomId, name, repositoryId, versionId]));
  return `repo-${hex.slice(0, 32)}`;
}
