import { tailwindConfigPath } from '../../validation/tailwindConfigPath.ts';
import { tailwindUse } from '../../validation/tailwindUse.ts';
import { tailwindInput } from './tailwindInput.ts';

/** What Tailwind's compiler gets for an app that uses it: its input CSS and the app's sheets that input replaces. */
export interface TailwindPlan {
  input: string;
  /** The app's CSS files that import Tailwind: compiled into the output, never added on their own. */
  sheets: string[];
  /** The app's tailwind.config.*: app code, so it is evaluated only in the app's frame (tailwindConfig.ts). */
  config?: string;
}

/**
 * The one rule for both runtimes (the Sucrase frame and the Sandpack panel): off per validation/tailwindUse.ts,
 * else the app's Tailwind sheets as the input, or the default `@import "tailwindcss"`, with its config if any.
 */
export function tailwindPlan(files: Record<string, string>): TailwindPlan | undefined {
  const use = tailwindUse(files);
  if (!use.on) return undefined;
  const sheets = use.reason === 'css-import' ? use.sheets : [];
  const config = tailwindConfigPath(files);
  const input = tailwindInput(
    sheets.length > 0 ? sheets.map((path) => files[path] as string) : ['@import "tailwindcss";'],
    config,
  );
  return { input, sheets, ...(config ? { config } : {}) };
}
