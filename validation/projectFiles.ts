import { importLinks } from './importLinks.ts';
import { importSites } from './importScan.ts';
import { readAliases } from './pathAliases.ts';
import { resolveImport } from './resolveImport.ts';

/** Files of a project that rule 5 does not count toward the 12 (each at most 16 KB), besides a mount entry. */
const PROJECT_FILE =
  /^(?:package\.json|tsconfig\.json|jsconfig\.json|tailwind\.config\.(?:js|cjs|mjs|ts)|postcss\.config\.(?:js|cjs|mjs|ts)|vite\.config\.(?:js|cjs|mjs|ts|mts)|index\.html|room\.json)$/;

/** Of those, the ones the Room never runs (build configs, the Vite page); the card marks them "not run here". */
const NEVER_RUN = /^(?:postcss\.config\.[a-z]+|vite\.config\.[a-z]+|index\.html)$/;

// CRA's page: the frame takes its body (runtime/frame/runApp.ts), so it runs.
const PAGE = 'public/index.html';

/** Each project file's cap (rule 5). */
export const MAX_PROJECT_FILE_BYTES = 16 * 1024;

const MOUNT_CANDIDATES = [
  'src/main.tsx',
  'src/main.jsx',
  'src/main.ts',
  'src/main.js',
  'src/index.tsx',
  'src/index.jsx',
  'src/index.ts',
  'src/index.js',
];
const APP_FILES = ['src/App.tsx', 'src/App.jsx', 'src/App.js', 'src/App.ts'];
const MOUNT_IMPORTS = new Set(['react', 'react-dom', 'react-dom/client']);

/** What a mount entry brings besides `<App />`: its global CSS, in import order. */
export interface MountEntry {
  path: string;
  css: string[];
}

/**
 * The `src/main.*` (or `src/index.*`) of a Vite or CRA template: it imports only React, the App file and
 * CSS, and the Room renders App itself, so it never runs here; its CSS is applied. Undefined when none.
 */
export function mountEntry(files: Record<string, string>): MountEntry | undefined {
  const app = APP_FILES.find((f) => Object.hasOwn(files, f));
  if (!app) return undefined;
  const aliases = readAliases(files);
  if ('problem' in aliases) return undefined;
  for (const path of MOUNT_CANDIDATES) {
    if (!Object.hasOwn(files, path)) continue;
    const sites = importSites(path, files[path] as string);
    if (!sites) continue;
    const css: string[] = [];
    let mountsApp = false;
    const only = sites.every((s) => {
      if (MOUNT_IMPORTS.has(s.specifier)) return true;
      const r = resolveImport(files, path, s.specifier, aliases);
      if (r.kind !== 'file' || s.form === 'require' || s.form === 'dynamic') return false;
      if (r.as === 'css' && !s.default && s.names.length === 0 && !s.namespace) {
        css.push(r.path);
        return true;
      }
      if (r.path === app && s.form === 'import') {
        mountsApp = true;
        return true;
      }
      return false;
    });
    if (only && mountsApp) return { path, css };
  }
  return undefined;
}

/** Whether `path` may be a project file, told from its name alone (a mount entry needs its text to be sure). */
export function mayBeProjectFile(path: string): boolean {
  return PROJECT_FILE.test(path) || MOUNT_CANDIDATES.includes(path);
}

/** Whether rule 5 counts `path` as a project file (not one of the 12 that run). */
export function isProjectFile(path: string, mount: MountEntry | undefined): boolean {
  return PROJECT_FILE.test(path) || path === mount?.path;
}

/**
 * The files the Room never runs (the mount entry, build configs, the Vite page, and a `public/` file no code
 * imports: the frame serves no URL, so `<img src="/x.svg">` reads nothing), for the card.
 */
export function filesNotRun(files: Record<string, string>): string[] {
  const mount = mountEntry(files);
  const imported = new Set(
    Object.values(importLinks(files))
      .flat()
      .map((l) => l.path),
  );
  return Object.keys(files)
    .filter(
      (p) =>
        NEVER_RUN.test(p) || p === mount?.path || (p.startsWith('public/') && p !== PAGE && !imported.has(p)),
    )
    .sort();
}

/** Files whose imports are never installed or bundled: build configs, and the mount entry the Room does not run. */
export function isBuildOnly(path: string): boolean {
  return NEVER_RUN.test(path);
}
