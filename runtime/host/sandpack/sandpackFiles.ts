import { SDK_MODULE } from './sdkModule.ts';

const APP_ENTRY = ['src/App.tsx', 'src/App.jsx', 'src/App.js', 'src/App.ts'];

/**
 * An app's files as Sandpack's react-ts template takes them: paths kept under `/` (so relative imports
 * still resolve), our own `/index.tsx` mounting the app, `@room/sdk` as a local package, and a
 * package.json holding only the reviewed, pinned versions.
 */
export function sandpackFiles(
  files: Record<string, string>,
  dependencies: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(files)) {
    // Versions come from the proposal's review, never from the app's own package.json.
    if (file === 'package.json') continue;
    out[`/${file}`] = text;
  }
  const entry = APP_ENTRY.find((f) => f in files);
  // '@room/sdk' first: it asks for the launcher's theme before the app renders.
  out['/index.tsx'] = entry
    ? `import '@room/sdk';\nimport { createRoot } from 'react-dom/client';\nimport App from './${entry.replace(/\.(tsx|jsx|js|ts)$/, '')}';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n`
    : `import '@room/sdk';\nimport './src/index';\n`;
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
