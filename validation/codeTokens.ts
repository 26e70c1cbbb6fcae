/// <reference path="./sucrase.d.ts" />
import identifyShadowedGlobals from 'sucrase/dist/esm/identifyShadowedGlobals.js';
import { parse } from 'sucrase/dist/esm/parser/index.js';
import { IdentifierRole, type Token } from 'sucrase/dist/esm/parser/tokenizer/index.js';
import { TokenType } from 'sucrase/dist/esm/parser/tokenizer/types.js';

export { IdentifierRole, type Token, TokenType };

/** A file read by Sucrase's parser: the one the frame compiles apps with, so both see the same tokens. */
export interface CodeTokens {
  code: string;
  tokens: Token[];
  /** The token's source text. */
  text(token: Token | undefined): string;
  /** 1-based line (split on `\n`, as the card numbers lines) and column of an offset. */
  where(offset: number): { line: number; column: number };
}

/** Why Sucrase could not read a file, and where. */
export interface Unparsed {
  message: string;
  line: number;
  column: number;
}

/** The JSX and TypeScript syntax of a path, as the frame's compile step chooses them; undefined if not code. */
export function syntaxOf(path: string): { jsx: boolean; typescript: boolean } | undefined {
  if (/\.tsx?$/.test(path)) return { jsx: path.endsWith('.tsx'), typescript: true };
  if (/\.(js|jsx|mjs)$/.test(path)) return { jsx: true, typescript: false };
  return undefined;
}

/** The offsets where each line starts: `where` finds an offset's line by binary search. */
export function lineLocator(code: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let [lo, hi] = [0, starts.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  };
}

/**
 * The tokens of a JS or TS file, each global in `globals` marked `shadowsGlobal` where a local
 * declaration hides it; `Unparsed` where Sucrase stops; undefined for a file that is not code.
 */
export function tokenize(
  path: string,
  code: string,
  globals: Set<string>,
): CodeTokens | Unparsed | undefined {
  const syntax = syntaxOf(path);
  if (!syntax) return undefined;
  const where = lineLocator(code);
  let file: ReturnType<typeof parse>;
  try {
    file = parse(code, syntax.jsx, syntax.typescript, false);
  } catch (err) {
    const pos = (err as { pos?: unknown }).pos;
    const at = where(typeof pos === 'number' ? pos : 0);
    return { message: String((err as Error).message), ...at };
  }
  const text = (t: Token | undefined) => (t ? code.slice(t.start, t.end) : '');
  identifyShadowedGlobals({ tokens: file.tokens, identifierNameForToken: text }, file.scopes, globals);
  return { code, tokens: file.tokens, text, where };
}
