import { importSites } from './importScan.ts';
import { DEFAULT_ALIASES, readAliases } from './pathAliases.ts';
import { type AssetKind, resolveImport } from './resolveImport.ts';

/** An import the card spells out: through an alias or `baseUrl`, or an asset, and the file it reads. */
export interface ImportLink {
  specifier: string;
  path: string;
  as: AssetKind;
}

/**
 * For each code file, its imports whose target is not plain from the text (an alias, `baseUrl`, an `.svg`
 * or a `?raw`), resolved by the same resolver the frame runs with: the card shows what will be read.
 */
export function importLinks(files: Record<string, string>): Record<string, ImportLink[]> {
  const read = readAliases(files);
  const aliases = 'problem' in read ? DEFAULT_ALIASES : read;
  const out: Record<string, ImportLink[]> = {};
  for (const [file, code] of Object.entries(files)) {
    const links: ImportLink[] = [];
    for (const site of importSites(file, code) ?? []) {
      const r = resolveImport(files, file, site.specifier, aliases);
      if (r.kind !== 'file') continue;
      if (site.specifier.startsWith('.') && r.as !== 'svg' && r.as !== 'raw') continue;
      if (!links.some((l) => l.specifier === site.specifier))
        links.push({ specifier: site.specifier, path: r.path, as: r.as });
    }
    if (links.length > 0) out[file] = links;
  }
  return out;
}
