import { type CodeTokens, TokenType as tt } from './codeTokens.ts';
import { mixedScripts, scriptName } from './mixedScripts.ts';
import { quoteCode } from './quoteCode.ts';
import type { ReviewFlag } from './reviewFlags.ts';

/** Base64 this long in one run is data, not text a person wrote (a 90-byte payload). */
export const LONG_BASE64 = 120;
/** Hex digits past a SHA-256 (64) in one run. */
export const LONG_HEX = 80;
/** `\x41`, `\u0041` or `\u{41}` escapes in a row. */
export const MANY_ESCAPES = 16;

// Runs of each encoding: base64 (and base64url), hex (an optional 0x), escapes.
const BASE64 = new RegExp(`[A-Za-z0-9+/_-]{${LONG_BASE64},}={0,2}`, 'g');
const HEX = new RegExp(`(?:0x)?[0-9a-fA-F]{${LONG_HEX},}`, 'g');
const ESCAPES = new RegExp(
  `(?:\\\\x[0-9a-fA-F]{2}|\\\\u[0-9a-fA-F]{4}|\\\\u\\{[0-9a-fA-F]+\\}){${MANY_ESCAPES},}`,
  'g',
);
// javascript-obfuscator's names (`_0x3f2a1b`), and names spelled only in look-alike I, l, 1, O, 0.
const HEX_NAME = /^_0x[0-9a-f]{3,}$/i;
const LOOK_ALIKE_NAME = /^[IlO01_$]{4,}$/;

type Found = Omit<ReviewFlag, 'file'>;

/** Long base64, hex or escape runs in a piece of text, by offset, each once (hex is base64 too). */
export function encodedRuns(text: string): { index: number; length: number; label: string }[] {
  const runs: { index: number; length: number; label: string }[] = [];
  for (const m of text.matchAll(HEX))
    runs.push({ index: m.index, length: m[0].length, label: `hex, ${m[0].length} characters` });
  for (const m of text.matchAll(BASE64)) {
    // A long word or path in one case is no encoding: base64 of binary data mixes cases and digits.
    if (!/[a-z]/.test(m[0]) || !/[A-Z]/.test(m[0]) || !/[0-9]/.test(m[0])) continue;
    if (runs.some((r) => r.index < m.index + m[0].length && m.index < r.index + r.length)) continue;
    runs.push({ index: m.index, length: m[0].length, label: `base64, ${m[0].length} characters` });
  }
  for (const m of text.matchAll(ESCAPES)) {
    const count = m[0].split('\\').length - 1;
    runs.push({ index: m.index, length: m[0].length, label: `${count} escaped characters in a row` });
  }
  return runs.sort((a, b) => a.index - b.index);
}

/** Why a name is unreadable, or undefined for an ordinary one. */
export function unreadableName(name: string): string | undefined {
  if (HEX_NAME.test(name)) return 'a generated hex-style name';
  const lookAlikes = new Set(name.replace(/[_$]/g, ''));
  if (LOOK_ALIKE_NAME.test(name) && /[IlO]/.test(name) && lookAlikes.size > 1)
    return 'spelled in look-alike I, l, 1, O and 0';
  // Only a name with letters beyond ASCII can mix scripts; most code never pays for the check.
  const scripts = /[^ -~]/.test(name) ? mixedScripts(name) : undefined;
  if (scripts) return `mixes ${scripts.map(scriptName).join(' and ')} letters`;
  return undefined;
}

/**
 * Signs of obfuscation in a file's tokens: long encoded runs in its strings and templates
 * (`encoded_literal`), and names nobody could read (`unreadable_name`), each name once at its first use.
 */
export function obfuscationFlags(c: CodeTokens): Found[] {
  const found: Found[] = [];
  const names = new Map<string, { flag?: Found; uses: number }>();
  for (const t of c.tokens) {
    if (t.type === tt.string || t.type === tt.template) {
      for (const run of encodedRuns(c.code.slice(t.start, t.end)))
        found.push({
          ...c.where(t.start + run.index),
          kind: 'encoded_literal',
          length: run.length,
          label: run.label,
        });
    } else if (t.type === tt.name || t.type === tt.jsxName) {
      const name = c.text(t);
      const seen = names.get(name);
      if (seen) seen.uses++;
      else {
        const why = unreadableName(name);
        const label = `${quoteCode(name, 40)}: ${why}`;
        const flag: Found | undefined = why
          ? { ...c.where(t.start), kind: 'unreadable_name', length: name.length, label }
          : undefined;
        names.set(name, { flag, uses: 1 });
        if (flag) found.push(flag);
      }
    }
  }
  for (const { flag, uses } of names.values()) if (flag && uses > 1) flag.label += ` (${uses} uses)`;
  return found;
}
