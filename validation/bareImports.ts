import { type ImportSite, importSites } from './importScan.ts';
import { DEFAULT_ALIASES, readAliases } from './pathAliases.ts';
import { isBuildOnly } from './projectFiles.ts';
import { PROVIDED_IMPORTS } from './providedImports.ts';
import { packageOf, resolveImport } from './resolveImport.ts';

export { BUNDLE_PATH, PROVIDED_GLOBAL, PROVIDED_IMPORTS } from './providedImports.ts';

const SOURCE = /\.(tsx|ts|jsx|js|mjs|cjs)$/;

export { packageOf };

/** What an app takes from one bare specifier: named bindings, its default, or the whole namespace. */
export interface ImportBinding {
  names: string[];
  default: boolean;
  /** `import * as`, `export *`, `require()` or `import()`: everything the module exports. */
  namespace: boolean;
}

/**
 * Each import site of the app's running code files that names a package or a provided module, read by
 * Sucrase's parser and the one resolver (an alias or `baseUrl` hit is the app's own file, not a package).
 */
function packageSites(files: Record<string, string>): ImportSite[] {
  const read = readAliases(files);
  const aliases = 'problem' in read ? DEFAULT_ALIASES : read;
  const out: ImportSite[] = [];
  for (const [file, code] of Object.entries(files)) {
    if (!SOURCE.test(file) || isBuildOnly(file)) continue;
    for (const site of importSites(file, code) ?? []) {
      const r = resolveImport(files, file, site.specifier, aliases);
      if (r.kind === 'provided' || r.kind === 'package') out.push(site);
    }
  }
  return out;
}

/**
 * What the source files import from each bare specifier outside the provided set (the entry a
 * package bundle re-exports): named imports, defaults, and namespaces where the code takes it all.
 */
export function importBindings(files: Record<string, string>): Map<string, ImportBinding> {
  const provided = new Set<string>(PROVIDED_IMPORTS);
  const out = new Map<string, ImportBinding>();
  for (const site of packageSites(files)) {
    if (provided.has(site.specifier)) continue;
    const b = out.get(site.specifier) ?? { names: [], default: false, namespace: false };
    out.set(site.specifier, b);
    b.names.push(...site.names);
    b.default ||= site.default && site.form === 'import';
    if (site.form === 'export' && site.default) b.names.push('default');
    b.namespace ||= site.namespace;
  }
  for (const b of out.values()) {
    b.default ||= b.names.includes('default');
    b.names = [...new Set(b.names.filter((n) => n !== 'default'))].sort();
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Every bare specifier imported by the source files, sorted and unique. */
export function bareImports(files: Record<string, string>): string[] {
  return [...new Set(packageSites(files).map((s) => s.specifier))].sort();
}

/**
 * The npm packages an app needs beyond the provided set, sorted; empty means the Sucrase path runs it.
 * `react-dom/server` counts (the package is react-dom) because the frame does not serve that entry.
 */
export function externalPackages(files: Record<string, string>): string[] {
  const provided = new Set<string>(PROVIDED_IMPORTS);
  const outside = bareImports(files).filter((s) => !provided.has(s));
  return [...new Set(outside.map(packageOf))].sort();
}
