import { tailwindConfigPath } from '../../validation/tailwindConfigPath.ts';
import type { FrameError } from '../protocol.ts';
import { lazyScript } from './lazyScript.ts';
import { LoaderError } from './ModuleLoader.ts';
import { tailwindCandidates } from './tailwindCandidates.ts';
import { type AppModuleLoader, appTailwind } from './tailwindConfig.ts';
import { tailwindPlan } from './tailwindPlan.ts';

/** Tailwind's compiler is its own script: an app without Tailwind never fetches it. */
export const loadTailwind = lazyScript(() => import('./tailwind.ts'));

/** What Tailwind made of the app: the CSS files it compiled (the loader injects nothing for them). */
export interface TailwindStyled {
  compiled: Set<string>;
  /** The generated CSS, for the compile cache. */
  css?: string;
  error?: FrameError;
}

/**
 * Whether the app's Tailwind needs its own code (a tailwind.config.*): then it is styled only after its
 * compiled modules went to the host, with the frame's loader (an app's code never runs before that).
 */
export const tailwindRunsAppCode = (files: Record<string, string>): boolean =>
  tailwindConfigPath(files) !== undefined && tailwindPlan(files) !== undefined;

/**
 * When the app uses Tailwind (validation/tailwindUse.ts), compiles its utilities in this frame (or takes
 * `cached`, what this app's frame made of the same files before) and adds them as the document's first
 * stylesheet; the app's own CSS, unlayered, still wins over them. `loader` evaluates the app's config.
 */
export async function styleWithTailwind(
  files: Record<string, string>,
  cached?: string,
  loader?: AppModuleLoader,
): Promise<TailwindStyled> {
  const plan = tailwindPlan(files);
  if (!plan) return { compiled: new Set() };
  const { input, sheets } = plan;
  try {
    const app = loader ? appTailwind(files, plan, loader) : undefined;
    const css = cached ?? (await (await loadTailwind()).tailwindCss(input, tailwindCandidates(files), app));
    const style = document.createElement('style');
    style.dataset.tailwind = '';
    style.textContent = css;
    document.head.prepend(style);
    return { compiled: new Set(sheets), css };
  } catch (err) {
    const file = sheets[0];
    // A config that fails to compile or import is pointed at where it failed.
    const at = err instanceof LoaderError ? err.toFrameError() : file ? { file, line: 1, column: 1 } : {};
    return {
      compiled: new Set(),
      error: { ...at, code: 'compile_error', message: `Tailwind: ${(err as Error).message}` },
    };
  }
}
