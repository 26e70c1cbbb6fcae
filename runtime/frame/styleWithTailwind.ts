import type { FrameError } from '../protocol.ts';
import { lazyScript } from './lazyScript.ts';
import { tailwindCandidates } from './tailwindCandidates.ts';
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
 * When the app uses Tailwind (validation/tailwindUse.ts), compiles its utilities in this frame (or takes
 * `cached`, what this app's frame made of the same files before) and adds them as the document's first
 * stylesheet; the app's own CSS, unlayered, still wins over them.
 */
export async function styleWithTailwind(
  files: Record<string, string>,
  cached?: string,
): Promise<TailwindStyled> {
  const plan = tailwindPlan(files);
  if (!plan) return { compiled: new Set() };
  const { input, sheets } = plan;
  try {
    const css = cached ?? (await (await loadTailwind()).tailwindCss(input, tailwindCandidates(files)));
    const style = document.createElement('style');
    style.dataset.tailwind = '';
    style.textContent = css;
    document.head.prepend(style);
    return { compiled: new Set(sheets), css };
  } catch (err) {
    const file = sheets[0];
    return {
      compiled: new Set(),
      error: {
        code: 'compile_error',
        message: `Tailwind: ${(err as Error).message}`,
        ...(file ? { file, line: 1, column: 1 } : {}),
      },
    };
  }
}
