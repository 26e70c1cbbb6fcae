import { tailwindCss } from '../../frame/tailwind.ts';
import { tailwindCandidates } from '../../frame/tailwindCandidates.ts';
import { tailwindPlan } from '../../frame/tailwindPlan.ts';

/** A Sandpack app's Tailwind CSS, made in the launcher: the bundler gets it as one more file. */
export interface SandpackTailwind {
  css: string;
  /** The app's sheets the CSS already holds (they import `tailwindcss`, which the bundler cannot resolve). */
  sheets: string[];
}

/**
 * Tailwind's own compiler (runtime/frame/tailwind.ts) over the app's files, under the Sucrase frame's rule
 * and limits (v3's directives too); undefined when the app does not use Tailwind. Runs in the launcher's
 * Tailwind worker, so it never evaluates the app's tailwind.config.*: such an app is refused, by name.
 */
export async function makeSandpackTailwind(
  files: Record<string, string>,
): Promise<SandpackTailwind | undefined> {
  const plan = tailwindPlan(files);
  if (!plan) return undefined;
  // The config is the app's code: it runs only where the app runs, never in the launcher (nor this worker).
  if (plan.config)
    throw new Error(
      `${plan.config} is not applied to an app that runs with Sandpack: a Tailwind config is the app's own code, which runs only in the Sucrase frame`,
    );
  return { css: await tailwindCss(plan.input, tailwindCandidates(files)), sheets: plan.sheets };
}
