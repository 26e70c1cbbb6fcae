import { PROVIDED_GLOBAL } from '../../validation/providedImports.ts';

/**
 * Fetches and parses the app's package bundle while the frame waits for its files, without evaluating it:
 * no package code runs before the app's own compiled modules have gone to the host. `path` is a
 * `/deps/<hash>.js` on this frame's own site (the connect message's guard checked it).
 */
export function preloadPackages(path: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = path;
  document.head.append(link);
}

/**
 * Loads the app's package bundle from its own frame site (the CSP's 'self') and returns its modules by
 * bare specifier; the bundle's `react` and `react-dom` imports read the runtime's own copies.
 */
export async function loadPackages(
  path: string,
  provided: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  (globalThis as Record<symbol, unknown>)[Symbol.for(PROVIDED_GLOBAL)] = (specifier: string) =>
    Object.hasOwn(provided, specifier) ? provided[specifier] : undefined;
  const url = new URL(path, window.location.href).href;
  const bundle = (await import(/* @vite-ignore */ url)) as {
    default?: Record<string, unknown>;
    css?: unknown;
  };
  if (typeof bundle.css === 'string') {
    // Before any of the app's own CSS, as a bundler would order a package's styles the app imports.
    const style = document.createElement('style');
    style.dataset.packages = '';
    style.textContent = bundle.css;
    document.head.prepend(style);
  }
  return bundle.default ?? {};
}
