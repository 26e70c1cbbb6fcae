import { PROVIDED_GLOBAL } from '../../validation/bareImports.ts';

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
  const bundle = (await import(/* @vite-ignore */ url)) as { default?: Record<string, unknown> };
  return bundle.default ?? {};
}
