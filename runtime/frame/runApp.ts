import { createElement, type ElementType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { FrameError, FrameToHost } from '../protocol.ts';
import { errorFromThrown } from './errorFromThrown.ts';
import { LoaderError, ModuleLoader } from './ModuleLoader.ts';
import { mountDocument } from './mountDocument.ts';
import { providedModules } from './providedModules.ts';
import { findEntry } from './resolve.ts';
import { createSdk } from './sdk.ts';

interface Io {
  report: (error: FrameError) => void;
  post: (message: FrameToHost) => void;
}

/** Compiles and evaluates the app from its entry, renders its default export, reports the first paint. */
export function runApp(files: Record<string, string>, { report, post }: Io): void {
  const entry = findEntry(files);
  if (!entry) {
    report({
      code: 'missing_entry',
      message: 'No src/App.tsx (or src/App.jsx, src/App.js, src/index.*) to run',
    });
    return;
  }
  mountDocument(files['public/index.html']);
  const loader = new ModuleLoader(files, providedModules(createSdk()), injectCss);
  const evalStarted = performance.now();
  const load = (path: string): { ok: true; exports: unknown } | { ok: false } => {
    try {
      return { ok: true, exports: loader.load(path) };
    } catch (err) {
      report(err instanceof LoaderError ? err.toFrameError() : errorFromThrown(err, files));
      return { ok: false };
    }
  };
  const loaded = load(entry.path);
  if (!loaded.ok) return;
  const timing = () => ({
    compileMs: loader.compileMs,
    evalMs: performance.now() - evalStarted - loader.compileMs,
  });
  const App = (loaded.exports as { default?: unknown } | undefined)?.default;
  const renderable = typeof App === 'function' || (typeof App === 'object' && App !== null);
  if (entry.mountsItself || (!renderable && entry.index)) {
    // The app mounts itself (its own src/index.* calls createRoot), as react.dev's examples do.
    if (!entry.mountsItself && entry.index && !load(entry.index).ok) return;
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
