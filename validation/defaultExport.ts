/// <reference path="./sucrase.d.ts" />
import { ContextualKeyword } from 'sucrase/dist/esm/parser/tokenizer/keywords.js';
import { type Token, tokenize, TokenType as tt } from './codeTokens.ts';

/**
 * Whether module source has a default export (a declaration, an expression, `export { App as default }`
 * or `export { default } from …`), read from Sucrase's tokens; undefined when Sucrase cannot parse it
 * (the frame's compiler then reports where).
 */
export function hasDefaultExport(source: string, path = 'src/App.tsx'): boolean | undefined {
  const c = tokenize(path, source, new Set());
  if (!c || !('tokens' in c)) return undefined;
  const { tokens } = c;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type !== tt._export) continue;
    const next = tokens[i + 1];
    // `export default interface X {}` is a type: the compiler erases it.
    if (next?.type === tt._default) {
      if (tokens[i + 2]?.contextualKeyword !== ContextualKeyword._interface) return true;
      continue;
    }
    if (next?.type !== tt.braceL) continue;
    // `export { a, b as default }`: an item whose exported name (its last word) is `default`.
    for (let k = i + 2; k < tokens.length && tokens[k]?.type !== tt.braceR; k++) {
      const item = tokens[k] as Token;
      const after = tokens[k + 1]?.type;
      if (!item.isType && c.text(item) === 'default' && (after === tt.comma || after === tt.braceR))
        return true;
    }
  }
  return false;
}
