import { tailwindConfigPath } from '../../validation/tailwindConfigPath.ts';
import { resolveRelative } from './resolve.ts';
import { TailwindInputError } from './tailwindError.ts';
import type { TailwindPlan } from './tailwindPlan.ts';

export { tailwindConfigPath };

/** The frame's module loader (ModuleLoader.ts), over the app's files and its declared packages. */
export interface AppModuleLoader {
  load(path: string): unknown;
  require(from: string, specifier: string): unknown;
}

/** What the compiler's `@config` and `@plugin` get from the app, and whether its config sets `darkMode`. */
export interface AppTailwind {
  module(id: string, kind: 'config' | 'plugin'): unknown;
  ownDark: boolean;
}

/** An ES module's default export (Sucrase's and the package bundle's `__esModule` objects), else the value. */
function unwrap(value: unknown): unknown {
  const m = value as { __esModule?: unknown; default?: unknown } | null;
  return typeof m === 'object' && m !== null && m.__esModule && m.default !== undefined ? m.default : value;
}

/**
 * Evaluates the app's config (compiled by Sucrase like its other files) with the frame's loader: this is
 * app code, so it runs here, in the app's frame, and never on the server. Its `require()`s reach only the
 * app's declared packages; `@config` reads only this file and `@plugin` is refused by name.
 */
export function appTailwind(
  files: Record<string, string>,
  plan: TailwindPlan,
  loader: AppModuleLoader,
): AppTailwind {
  const path = plan.config;
  const config = path ? evaluateConfig(path, loader) : undefined;
  const sheetDirs = ['', ...plan.sheets.map((s) => s.slice(0, s.lastIndexOf('/') + 1))];
  return {
    ownDark: typeof config === 'object' && config !== null && Object.hasOwn(config, 'darkMode'),
    module(id, kind) {
      if (kind === 'plugin')
        throw new TailwindInputError(
          `@plugin "${id}" is not read here: require("${id}") in the app's tailwind.config.* instead, with "${id}" in package.json "dependencies"`,
        );
      const target = sheetDirs
        .map((dir) => resolveRelative(files, `${dir}x`, id))
        .find((p) => p !== undefined);
      if (target === undefined || target !== path)
        throw new TailwindInputError(
          `@config "${id}": only the app's own tailwind.config.{ts,js,mjs,cjs}, at the root of its files, is read`,
        );
      return config;
    },
  };
}

/** A theme larger than any real project's (shadcn's is about 100 values): refused, not compiled for seconds. */
export const MAX_THEME_VALUES = 10_000;

// Leaves under `value`, stopping past `limit`; depth-bounded, so a theme that contains itself ends too.
function countValues(value: unknown, limit: number, depth = 0): number {
  if (typeof value !== 'object' || value === null) return 1;
  if (depth > 8) return limit + 1;
  let n = 0;
  for (const child of Object.values(value)) {
    n += countValues(child, limit - n, depth + 1);
    if (n > limit) break;
  }
  return n;
}

function evaluateConfig(path: string, loader: AppModuleLoader): unknown {
  let config: unknown;
  try {
    config = unwrap(loader.load(path));
  } catch (err) {
    const message = (err as Error).message;
    if (/not a provided module/.test(message))
      throw new TailwindInputError(
        `${message}. A config's plugins are packages the app declares in package.json "dependencies", pre-bundled like any other`,
      );
    throw err;
  }
  if (typeof config !== 'object' || config === null)
    throw new TailwindInputError(`${path} exports no config object (\`export default { theme: … }\`)`);
  if (countValues((config as { theme?: unknown }).theme, MAX_THEME_VALUES) > MAX_THEME_VALUES)
    throw new TailwindInputError(
      `${path}: its theme has more than ${MAX_THEME_VALUES} values (Tailwind's compile time grows with each one)`,
    );
  const plugins = (config as { plugins?: unknown }).plugins;
  // `require()` of an ES-module plugin gives its namespace: Tailwind wants the plugin itself.
  return Array.isArray(plugins) ? { ...config, plugins: plugins.map(unwrap) } : config;
}
