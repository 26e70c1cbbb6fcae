import { hasDefaultExport } from './defaultExport.ts';
import type { WireError } from './errorCodes.ts';
import { checkImports } from './importCheck.ts';
import { checkName } from './names.ts';
import { readNetworkDeclaration } from './networkDeclaration.ts';
import { checkPath } from './paths.ts';
import { isProjectFile, MAX_PROJECT_FILE_BYTES, mountEntry } from './projectFiles.ts';
import { checkToolInput } from './toolInput.ts';
import { utf8Length } from './utf8.ts';

/** The exact arguments of `propose_room_snippet_app`. */
export interface SnippetProposalArgs {
  room_id: string;
  name: string;
  files: Record<string, string>;
  idempotency_key: string;
}

/** The exact arguments of `propose_room_repo_app`. */
export interface RepoProposalArgs {
  room_id: string;
  name: string;
  repository_id: string;
  version_id: string;
  idempotency_key: string;
}

/** Rule 5: what a reviewer can read on one card. Bytes are UTF-8 of file contents (paths not counted). */
export const LIMITS = { maxFiles: 12, maxFileBytes: 64 * 1024, maxTotalBytes: 128 * 1024 } as const;

export interface Limits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/** A repository version holds what a snippet cannot; its total stays under the 1 MB versions body. */
export const REPOSITORY_LIMITS: Limits = {
  maxFiles: 500,
  maxFileBytes: 512 * 1024,
  maxTotalBytes: 768 * 1024,
};

export const ENTRY = 'src/App.tsx';

/** A verdict names the layer that caught the problem: the JSON Schema or one of the rules. */
export type Verdict<T> = { ok: true; value: T } | { ok: false; by: 'schema' | 'rule'; error: WireError };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Rule 5 on a file map, with the numbers and the way out in the message. Project files (package.json,
 * tsconfig, build configs, index.html, an entry that only mounts `<App />`) do not count toward the
 * files that run; each is at most 16 KB.
 */
export function checkLimits(files: Record<string, string>, limits: Limits = LIMITS): WireError | undefined {
  const sizes = Object.entries(files).map(([path, text]) => ({ path, bytes: utf8Length(text) }));
  const mount = mountEntry(files);
  const project = sizes.filter((s) => isProjectFile(s.path, mount));
  const running = sizes.length - project.length;
  const total = sizes.reduce((a, s) => a + s.bytes, 0);
  const largest = sizes.reduce((a, s) => (s.bytes > a.bytes ? s : a), { path: '', bytes: 0 });
  const bigProject = project.find((s) => s.bytes > MAX_PROJECT_FILE_BYTES);
  const over =
    running > limits.maxFiles
      ? `${running} files that run`
      : largest.bytes > limits.maxFileBytes
        ? `'${largest.path}' is ${kb(largest.bytes)}`
        : bigProject
          ? `project file '${bigProject.path}' is ${kb(bigProject.bytes)}, over ${MAX_PROJECT_FILE_BYTES / 1024} KB`
          : total > limits.maxTotalBytes
            ? `${kb(total)} in all`
            : undefined;
  if (!over) return undefined;
  return tooLargeError(over, limits, {
    files: running,
    project_files: project.length,
    total_bytes: total,
    largest,
  });
}

/** Rules 2, 3 and 5 on a file map (shape first, for callers that ran no schema). */
export function checkFiles(files: unknown, limits: Limits = LIMITS): WireError | undefined {
  if (!files || typeof files !== 'object' || Array.isArray(files))
    return { code: 'schema_violation', message: 'files is not an object of path → text' };
  const entries = Object.entries(files);
  const notText = entries.find(([, v]) => typeof v !== 'string');
  if (notText) return { code: 'schema_violation', message: `files['${notText[0]}'] is not a string` };
  for (const [path] of entries) {
    const bad = checkPath(path);
    if (bad) return bad;
  }
  const map = files as Record<string, string>;
  const entry = map[ENTRY];
  if (!Object.hasOwn(map, ENTRY) || entry === undefined)
    return { code: 'missing_entry', message: `${ENTRY} missing: it must default-export the app` };
  const tooLarge = checkLimits(map, limits);
  if (tooLarge) return tooLarge;
  if (hasDefaultExport(entry, ENTRY) === false)
    return {
      code: 'missing_entry',
      message: `${ENTRY} has no default export: add \`export default function App() { … }\``,
      detail: { path: ENTRY },
    };
  return checkImports(map) ?? checkRoomJson(map);
}

// What can be told without the deployment (its own sites, the loopback setting): the server checks those too.
const ANY_DEPLOYMENT = { ownOrigins: [], allowLoopback: true, serverPort: 0 };

/** The room.json rules every deployment shares, so the CLI refuses a bad declaration before sending it. */
function checkRoomJson(files: Record<string, string>): WireError | undefined {
  const verdict = readNetworkDeclaration(files, ANY_DEPLOYMENT);
  return verdict.ok ? undefined : verdict.error;
}

/** Rules 2, 3 and the repository limits on the files of a repository version. */
export function checkVersionFiles(files: unknown): WireError | undefined {
  return checkFiles(files, REPOSITORY_LIMITS);
}

/** The five rules on `propose_room_snippet_app` arguments: the schema, then name, paths, entry, limits. */
export function validateSnippetProposal(args: unknown): Verdict<SnippetProposalArgs> {
  const schema = checkToolInput<SnippetProposalArgs>('propose_room_snippet_app', args);
  if (!schema.ok) return { ok: false, by: 'schema', error: schema.error };
  const error = checkName(schema.value.name) ?? checkFiles(schema.value.files);
  if (error) return { ok: false, by: 'rule', error };
  return { ok: true, value: schema.value };
}

/** The schema and the name rule on `propose_room_repo_app` arguments (files are checked per version). */
export function validateRepoProposal(args: unknown): Verdict<RepoProposalArgs> {
  const schema = checkToolInput<RepoProposalArgs>('propose_room_repo_app', args);
  if (!schema.ok) return { ok: false, by: 'schema', error: schema.error };
  const error = checkName(schema.value.name);
  if (error) return { ok: false, by: 'rule', error };
  return { ok: true, value: schema.value };
}

/** The `too_large` error for a file set over `limits`; the CLI says the same for what it refused unread. */
export function tooLargeError(over: string, limits: Limits, detail: object): WireError {
  const caps = `at most ${limits.maxFiles} files that run (project files such as package.json, tsconfig.json, vite.config.ts and index.html do not count, ${MAX_PROJECT_FILE_BYTES / 1024} KB each), ${limits.maxFileBytes / 1024} KB a file, ${limits.maxTotalBytes / 1024} KB in all`;
  return {
    code: 'too_large',
    message:
      limits === LIMITS
        ? `Too large for a snippet (${over}): ${caps}, so a reviewer can read it. Push a repository version and use propose_room_repo_app instead.`
        : `Too large for a repository version (${over}): ${caps}.`,
    detail: { ...detail, limits },
  };
}
