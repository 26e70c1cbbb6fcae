import type { FrameError } from '../protocol.ts';
import { LoaderError } from './ModuleLoader.ts';

/** Turns anything an app threw into a frame error, located at the first stack frame in the app's files. */
export function errorFromThrown(thrown: unknown, files: Record<string, string>): FrameError {
  // A lazy import() that fails to resolve or compile rejects with the loader's own located error.
  if (thrown instanceof LoaderError) return thrown.toFrameError();
  const message =
    thrown instanceof Error
      ? `${thrown.name}: ${thrown.message}`
      : typeof thrown === 'string'
        ? thrown
        : String(thrown);
  const stack = thrown instanceof Error ? (thrown.stack ?? '') : '';
  for (const match of stack.matchAll(/([^\s()]+):(\d+):(\d+)/g)) {
    const file = appFile(match[1] as string, files);
    if (file)
      return { code: 'runtime_error', message, file, line: Number(match[2]), column: Number(match[3]) };
  }
  return { code: 'runtime_error', message };
}

// Stack frames name modules by their sourceURL, sometimes resolved against the frame's URL.
function appFile(name: string, files: Record<string, string>): string | undefined {
  if (Object.hasOwn(files, name)) return name;
  try {
    const path = new URL(name).pathname.slice(1);
    return Object.hasOwn(files, path) ? path : undefined;
  } catch {
    return undefined;
  }
}
