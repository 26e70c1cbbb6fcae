// Bidi overrides/isolates, zero-width and other invisible format characters that can disguise code.
const UNSAFE = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u061C]/g;

/** The unsafe characters in a string, as `U+XXXX` labels, each once. */
export function unsafeChars(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(UNSAFE))
    found.add(`U+${(m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`);
  return [...found];
}
