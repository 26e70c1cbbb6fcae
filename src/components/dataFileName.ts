import { cleanFileName } from '../../runtime/files/cleanFileName.ts';

/** `<what> <YYYY-MM-DD>.json`, cleaned as `files.save` cleans an app's names (the name may be an app's). */
export function dataFileName(what: string, at = new Date()): string {
  const day = at.toISOString().slice(0, 10);
  try {
    return cleanFileName(`${what} ${day}.json`).name;
  } catch {
    // A name that cleans to nothing (only hidden characters, or a size-like text): the date alone names it.
    return `data ${day}.json`;
  }
}

export const jsonBytes = (text: string) => new TextEncoder().encode(text);
