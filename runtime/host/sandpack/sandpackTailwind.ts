import { tailwindPlan } from '../../frame/tailwindPlan.ts';
import type { SandpackTailwind } from './makeSandpackTailwind.ts';

export type { SandpackTailwind } from './makeSandpackTailwind.ts';

/** How long the compiler may take: chained `@apply` rules in a small sheet can take minutes. */
export const TAILWIND_TIMEOUT_MS = 10_000;

/**
 * The app's Tailwind CSS (makeSandpackTailwind.ts), made in a worker of the launcher's own site that is ended
 * after TAILWIND_TIMEOUT_MS: the launcher's main thread must not hang on an app's CSS. Undefined when the app
 * does not use Tailwind (decided here first, so apps without it start no worker).
 */
export async function sandpackTailwind(files: Record<string, string>): Promise<SandpackTailwind | undefined> {
  if (!tailwindPlan(files)) return undefined;
  const worker = new Worker(new URL('./tailwindWorker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<SandpackTailwind | undefined>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Tailwind took longer than ${TAILWIND_TIMEOUT_MS / 1000} s`)),
        TAILWIND_TIMEOUT_MS,
      );
      worker.onmessage = (e: MessageEvent<{ made?: SandpackTailwind; error?: string }>) => {
        clearTimeout(timer);
        if (e.data.error === undefined) resolve(e.data.made);
        else reject(new Error(e.data.error));
      };
      worker.onerror = (e) => {
        clearTimeout(timer);
        reject(new Error(e.message || 'Tailwind failed to start'));
      };
      worker.postMessage(files);
    });
  } finally {
    worker.terminate();
  }
}
