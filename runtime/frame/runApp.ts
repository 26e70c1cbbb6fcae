import { createElement, type ElementType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { CompiledModules, FrameError, FrameToHost } from '../protocol.ts';
import { RUNTIME_VERSION } from '../runtimeVersion.ts';
import { type AppModules, compileApp } from './compileApp.ts';
import { errorFromThrown } from './errorFromThrown.ts';
import { loadPackages } from './loadPackages.ts';
import { LoaderError, ModuleLoader } from './ModuleLoader.ts';
import { mountDocument } from './mountDocument.ts';
import { mountEntryOf } from './mountEntryOf.ts';
import { providedModules } from './providedModules.ts';
import { findEntry } from './resolve.ts';
import { createSdk } from './sdk.ts';
import { loadTailwind, styleWithTailwind, tailwindRunsAppCode } from './styleWithTailwind.ts';

interface Io {
  report: (error: FrameError) => void;
  post: (message: FrameToHost) => void;
}

/**
 * Compiles the app (or takes its modules from the compile cache), evaluates it from its entry, renders its
 * default export and reports the first paint.
 */
export async function runApp(
  files: Record<string, string>,
  cached: CompiledModules | undefined,
  { report, post }: Io,
  packages?: string,
): Promise<void> {
  const entry = findEntry(files);
  if (!entry) {
    report({
      code: 'missing_entry',
      message: 'No src/App.tsx (or src/App.jsx, src/App.js, src/index.*) to run',
    });
    return;
  }
  // Alongside the compile: Tailwind (when the app uses it) loads and builds while Sucrase works; with a
  // config (app code) it only loads now and builds once the modules went to the host.
  const late = tailwindRunsAppCode(files);
  if (late) loadTailwind().catch(() => undefined);
  const styled = late
    ? undefined
    : styleWithTailwind(files, cached?.version === RUNTIME_VERSION ? cached.css : undefined);
  // A template's src/main.tsx is not run; the global CSS it imports is applied before App's own.
  const mounting = mountEntryOf(files).catch(() => undefined);
  let modules: AppModules;
  try {
    modules = await compileApp(files, cached);
  } catch (err) {
    report({ code: 'compile_error', message: `The compiler did not load: ${(err as Error).message}` });
    return;
  }
  let tailwind = styled ? await styled : { compiled: new Set<string>() };
  // Before any app code runs: nothing the app posts on a stolen port can reach the host first.
  if (modules.fresh)
    post({ type: 'compiled', ...modules.fresh, ...(tailwind.css ? { css: tailwind.css } : {}) });
  mountDocument(files['public/index.html']);
  const inject = (path: string, css: string) => {
    if (!tailwind.compiled.has(path)) injectCss(path, css);
  };
  const provided = providedModules(createSdk());
  if (packages) {
    try {
      Object.assign(provided, await loadPackages(packages, provided));
    } catch (err) {
      report({
        code: 'runtime_error',
        message: `The app's packages did not load: ${(err as Error).message}`,
      });
      return;
    }
  }
  const loader = new ModuleLoader(files, provided, inject, (path) => moduleBody(modules, path));
  if (late) tailwind = await styleWithTailwind(files, undefined, loader);
  // Shown, but the app still runs: unstyled is better than nothing.
  if (tailwind.error) report(tailwind.error);
  const mount = await mounting;
  const evalStarted = performance.now();
  const load = (path: string): { ok: true; exports: unknown } | { ok: false } => {
    try {
      return { ok: true, exports: loader.load(path) };
    } catch (err) {
      report(err instanceof LoaderError ? err.toFrameError() : errorFromThrown(err, files));
      return { ok: false };
    }
  };
  for (const css of mount?.css ?? []) if (!load(css).ok) return;
  const loaded = load(entry.path);
  if (!loaded.ok) return;
  const timing = () => ({ compileMs: modules.compileMs, evalMs: performance.now() - evalStarted });
  const App = (loaded.exports as { default?: unknown } | undefined)?.default;
  const renderable = typeof App === 'function' || (typeof App === 'object' && App !== null);
  // A mount entry only renders App: the card says it does not run, so it never does.
  const index = entry.index === mount?.path ? undefined : entry.index;
  if (entry.mountsItself || (!renderable && index)) {
    // The app mounts itself (its own src/index.* calls createRoot), as react.dev's examples do.
    if (!entry.mountsItself && index && !load(index).ok) return;
    afterPaint(() => post({ type: 'rendered', ...timing() }), post);
    return;
  }
  if (!renderable) {
    report({
      code: 'missing_default_export',
      message: `${entry.path} has no default export to render: add \`export default function App() {…}\``,
      file: entry.path,
      line: 1,
      column: 1,
    });
    return;
  }
  const container = document.getElementById('root') as HTMLElement;
  const root = createRoot(container, {
    onUncaughtError: (error) => report(errorFromThrown(error, files)),
  });
  // Committed in this task, so the next frame paints the app (a scheduled render could miss it).
  flushSync(() => root.render(createElement(App as ElementType)));
  afterPaint(() => post({ type: 'rendered', ...timing() }), post);
}

function moduleBody(modules: AppModules, path: string): string {
  const body = modules.code.get(path);
  if (body !== undefined) return body;
  const failed = modules.failed.get(path);
  if (failed) throw new LoaderError('compile_error', failed.message, path, failed.line, failed.column);
  throw new LoaderError(
    'compile_error',
    `${path} is not a module (.tsx, .ts, .jsx, .js, .mjs, .cjs, .css or .json)`,
    path,
    1,
    1,
  );
}

function afterPaint(then: () => void, post: Io['post']): void {
  // rAF runs before the frame is painted; the task after it runs once it has been.
  requestAnimationFrame(() =>
    setTimeout(() => {
      then();
      post({ type: 'painted' });
    }, 0),
  );
}

function injectCss(path: string, css: string): void {
  const style = document.createElement('style');
  style.dataset.file = path;
  style.textContent = css;
  document.head.appendChild(style);
}
