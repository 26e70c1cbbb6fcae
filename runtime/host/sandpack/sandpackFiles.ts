import { mountEntry } from '../../../validation/projectFiles.ts';
import { LOCAL_SNAPSHOT_GLOBAL as LOCAL_GLOBAL } from '../../webStorageLimits.ts';
import { canonicalImports } from './canonicalImports.ts';
import { SDK_MODULE } from './generated/sdkModule.ts';
import type { SandpackTailwind } from './sandpackTailwind.ts';

const APP_ENTRY = ['src/App.tsx', 'src/App.jsx', 'src/App.js', 'src/App.ts'];
/** Ours, like `/index.tsx`: an app file of the same name is replaced. */
export const TAILWIND_FILE = '/room-tailwind.css';
/** Ours too: the app's `localStorage` snapshot, evaluated before `@room/sdk` installs it. */
export const LOCAL_FILE = '/room-local-storage.js';

/**
 * An app's files as Sandpack's react-ts template takes them: paths kept under `/` (so relative imports
 * still resolve), our own `/index.tsx` mounting the app, `@room/sdk` as a local package, a
 * package.json holding only the reviewed, pinned versions and, for a Tailwind app, the CSS the launcher
 * made (imported before the app, so the app's own CSS still wins, as in the Sucrase frame).
 */
export function sandpackFiles(
  files: Record<string, string>,
  dependencies: Record<string, string>,
  tailwind?: SandpackTailwind,
  local?: [string, string][],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(canonicalImports(files))) {
    // Versions come from the proposal's review, never from the app's own package.json.
    if (file === 'package.json') continue;
    // The bundler reads /node_modules as installed packages: an app's file there would replace a pinned one.
    if (file.startsWith('node_modules/')) continue;
    // A sheet Tailwind compiled is in the generated CSS; its `@import "tailwindcss"` resolves nowhere here.
    out[`/${file}`] = tailwind?.sheets.includes(file) ? '' : text;
  }
  const entry = APP_ENTRY.find((f) => f in files);
  // The snapshot as a JSON string in JS: pairs, so no key (`__proto__`) is read as object syntax.
  out[LOCAL_FILE] =
    `globalThis[Symbol.for(${JSON.stringify(LOCAL_GLOBAL)})] = JSON.parse(${JSON.stringify(JSON.stringify(local ?? []))});\n`;
  let head = `import '.${LOCAL_FILE}';\nimport '@room/sdk';\n`;
  // A template's src/main.tsx is not run (ours mounts the app); the global CSS it imports is.
  for (const css of mountEntry(files)?.css ?? []) head += `import './${css}';\n`;
  if (tailwind) {
    out[TAILWIND_FILE] = tailwind.css;
    head += `import '.${TAILWIND_FILE}';\n`;
  }
  // '@room/sdk' first: it asks for the launcher's theme before the app renders.
  out['/index.tsx'] = entry
    ? `${head}import { createRoot } from 'react-dom/client';\nimport App from './${entry.replace(/\.(tsx|jsx|js|ts)$/, '')}';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n`
    : `${head}import './src/index';\n`;
  out['/public/index.html'] =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>';
  out['/node_modules/@room/sdk/package.json'] = JSON.stringify({
    name: '@room/sdk',
    version: '1.0.0',
    main: 'index.js',
  });
  out['/node_modules/@room/sdk/index.js'] = SDK_MODULE;
  out['/package.json'] = JSON.stringify({ name: 'room-app', main: '/index.tsx', dependencies }, null, 2);
  return out;
}

/** The packages an app adds beyond React, for "this app uses …". */
export function addedPackages(dependencies: Record<string, string>): string[] {
  return Object.keys(dependencies).filter((n) => n !== 'react' && n !== 'react-dom');
}
