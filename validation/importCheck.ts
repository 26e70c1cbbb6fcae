import type { WireError } from './errorCodes.ts';
import { importSites } from './importScan.ts';
import { type Aliases, readAliases, shadowingProblem } from './pathAliases.ts';
import { isBuildOnly, mountEntry } from './projectFiles.ts';
import { PROVIDED_IMPORTS } from './providedImports.ts';
import { resolveImport, withExtension } from './resolveImport.ts';

const ENTRY_FILE = 'src/App.tsx';
const CODE = /\.(tsx|ts|jsx|js|mjs|cjs)$/;

/**
 * The app's aliases hold (bounds, targets inside the app, nothing shadowed) and, in every file that runs,
 * each import through an alias and each asset import names a file the proposal includes, in a kind the
 * runtime serves.
 * A missing relative file is left to the frame, which shows it where the app runs.
 */
export function checkImports(files: Record<string, string>): WireError | undefined {
  const aliases = readAliases(files);
  if ('problem' in aliases) return { code: 'invalid_alias', message: aliases.problem };
  const shadow = shadowingProblem(aliases, declaredNames(files)) ?? baseUrlShadow(files, aliases);
  if (shadow) return { code: 'invalid_alias', message: shadow };
  // From the entry (and a template's mount entry, for its CSS), along the imports that run: a file
  // nothing reaches (a test, a story) never runs, so its imports are not the gate's business.
  const queue = [ENTRY_FILE, mountEntry(files)?.path].filter(
    (p): p is string => !!p && Object.hasOwn(files, p),
  );
  const seen = new Set(queue);
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const code = files[file] as string;
    if (!CODE.test(file) || isBuildOnly(file)) continue;
    for (const site of importSites(file, code) ?? []) {
      const r = resolveImport(files, file, site.specifier, aliases);
      if (r.kind === 'file' && r.as === 'module' && !seen.has(r.path)) {
        seen.add(r.path);
        queue.push(r.path);
      }
      const through = r.kind === 'missing' && !site.specifier.startsWith('.');
      if (r.kind !== 'unsupported' && !through) continue;
      const at = lineOf(code, site.start);
      return {
        code: 'unresolved_import',
        message: `${file}:${at}: ${r.message}`,
        detail: { file, line: at, import: site.specifier },
      };
    }
  }
  return undefined;
}

// What package.json declares: an alias may not hide one of them.
function declaredNames(files: Record<string, string>): string[] {
  try {
    const deps = (JSON.parse(files['package.json'] ?? '{}') as { dependencies?: unknown }).dependencies;
    return deps && typeof deps === 'object' ? Object.keys(deps) : [];
  } catch {
    return [];
  }
}

// `baseUrl` makes every bare name a possible file: one that names a provided or declared module (or a path inside one) is refused.
function baseUrlShadow(files: Record<string, string>, aliases: Aliases): string | undefined {
  if (aliases.baseUrl === undefined) return undefined;
  const prefix = aliases.baseUrl === '' ? '' : `${aliases.baseUrl}/`;
  for (const name of [...PROVIDED_IMPORTS, ...declaredNames(files)]) {
    // The name itself, or a subpath of it (`date-fns/format`): either would run the app's file instead.
    const hit =
      withExtension(files, prefix + name) ??
      Object.keys(files).find((path) => path.startsWith(`${prefix}${name}/`));
    if (hit)
      return `${aliases.source}: baseUrl "${aliases.baseUrl}" makes ${hit} shadow "${name}": rename the file`;
  }
  return undefined;
}

function lineOf(code: string, offset: number): number {
  return code.slice(0, offset).split('\n').length;
}
