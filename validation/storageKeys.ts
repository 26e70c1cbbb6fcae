import { type CodeTokens, IdentifierRole, type Token, TokenType as tt } from './codeTokens.ts';
import { quoteCode } from './quoteCode.ts';
import type { ReviewFlag } from './reviewFlags.ts';

/** The module apps import the SDK from. */
export const SDK_MODULE = '@room/sdk';
const KEYED = new Set(['get', 'set', 'delete']);
const WHOLE = new Set(['keys', 'clear']);

type Found = Omit<ReviewFlag, 'file'>;

// The local names `import { storage as s, useStoredState } from '@room/sdk'` and `import * as sdk` bind.
function sdkBindings(c: CodeTokens): { storage: Set<string>; hook: Set<string>; namespace: Set<string> } {
  const out = { storage: new Set<string>(), hook: new Set<string>(), namespace: new Set<string>() };
  const toks = c.tokens;
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]?.type !== tt._import || toks[i + 1]?.type === tt.parenL || toks[i + 1]?.type === tt.dot)
      continue;
    let end = i + 1;
    while (end < toks.length && toks[end]?.type !== tt.string) end++;
    if (c.text(toks[end]).slice(1, -1) !== SDK_MODULE) continue;
    for (let j = i + 1; j < end; j++) {
      const t = toks[j];
      if (t?.identifierRole !== IdentifierRole.ImportDeclaration) continue;
      const local = c.text(t);
      const alias = c.text(toks[j - 1]) === 'as' ? toks[j - 2] : t;
      const imported = alias?.type === tt.star ? '*' : c.text(alias);
      if (imported === 'storage') out.storage.add(local);
      else if (imported === 'useStoredState') out.hook.add(local);
      // A default import or `* as sdk`: `sdk.storage.get(…)`.
      else if (imported === '*' || toks[j - 1]?.type === tt._import) out.namespace.add(local);
    }
    i = end;
  }
  return out;
}

// The key argument after `(` at `open`: `"team"` as written, or `computed: 'todo:' + id`.
function keyLabel(c: CodeTokens, open: number): string {
  const toks = c.tokens;
  const first = toks[open + 1];
  let depth = 0;
  let end = open + 1;
  for (; end < toks.length; end++) {
    const type = toks[end]?.type;
    if (type === tt.parenL || type === tt.bracketL || type === tt.braceL || type === tt.dollarBraceL) depth++;
    else if (type === tt.parenR || type === tt.bracketR || type === tt.braceR) {
      if (depth === 0) break;
      depth--;
    } else if (type === tt.comma && depth === 0) break;
  }
  const last = toks[end - 1];
  if (!first || !last || end === open + 1) return 'no key';
  const source = c.code.slice(first.start, last.end);
  const literal = end === open + 2 && first.type === tt.string;
  const template = first.type === tt.backQuote && end === open + 4 && !source.includes('${');
  return literal || template ? quoteCode(source) : `computed: ${quoteCode(source, 40)}`;
}

const isUse = (t: Token | undefined, names: Set<string>, c: CodeTokens) =>
  t?.type === tt.name && !t.isType && t.identifierRole === IdentifierRole.Access && names.has(c.text(t));

/**
 * The storage keys a file uses through `@room/sdk`: `useStoredState("team")`, `storage.get("x")`,
 * `storage.set(computed: 'todo:' + id)`, and `storage.keys()` and `storage.clear()`, which reach every key.
 */
export function storageFlags(c: CodeTokens): Found[] {
  const sdk = sdkBindings(c);
  const toks = c.tokens;
  const found: Found[] = [];
  const names = new Set([...sdk.storage, ...sdk.hook, ...sdk.namespace]);
  if (names.size === 0) return found;
  const flag = (t: Token, open: number, label: string) => {
    const close = toks[open]?.start ?? t.end;
    found.push({ ...c.where(t.start), kind: 'storage_key', length: close - t.start, label });
  };
  toks.forEach((t, i) => {
    if (t.type !== tt.name || !names.has(c.text(t))) return;
    const dot = (k: number) => toks[i + k]?.type === tt.dot;
    const paren = (k: number) => toks[i + k]?.type === tt.parenL;
    // `useStoredState(` or `sdk.useStoredState(`.
    const hookAt = isUse(t, sdk.hook, c)
      ? 1
      : isUse(t, sdk.namespace, c) && dot(1) && c.text(toks[i + 2]) === 'useStoredState'
        ? 3
        : 0;
    if (hookAt && paren(hookAt)) flag(t, i + hookAt, `useStoredState(${keyLabel(c, i + hookAt)})`);
    // `storage.get(` or `sdk.storage.get(`.
    const methodAt = isUse(t, sdk.storage, c)
      ? 2
      : isUse(t, sdk.namespace, c) && dot(1) && c.text(toks[i + 2]) === 'storage'
        ? 4
        : 0;
    const method = methodAt ? c.text(toks[methodAt + i]) : '';
    if (!methodAt || !dot(methodAt - 1) || !paren(methodAt + 1)) return;
    if (KEYED.has(method)) flag(t, i + methodAt + 1, `storage.${method}(${keyLabel(c, i + methodAt + 1)})`);
    else if (WHOLE.has(method)) flag(t, i + methodAt + 1, `storage.${method}(), every key`);
  });
  return found;
}
