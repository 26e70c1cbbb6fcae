/// <reference path="./sucrase.d.ts" />
import { ContextualKeyword } from 'sucrase/dist/esm/parser/tokenizer/keywords.js';
import { type CodeTokens, type Token, tokenize, TokenType as tt } from './codeTokens.ts';

/** One module specifier a code file names, read from Sucrase's tokens (never from strings, comments or JSX text). */
export interface ImportSite {
  specifier: string;
  /** `import x from`, `import 'x'`, `export … from`, `import()` or `require()`. */
  form: 'import' | 'export' | 'dynamic' | 'require';
  /** Named bindings taken (`{ a, b as c }` gives `a`); `default` is its own flag. */
  names: string[];
  default: boolean;
  /** `import * as`, `export *`, `import()`, `require()`: everything the module exports. */
  namespace: boolean;
  /** Offsets of the specifier's string token, quotes included (to rewrite it). */
  start: number;
  end: number;
}

const keyword = { type: ContextualKeyword._type, as: ContextualKeyword._as, from: ContextualKeyword._from };

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** A string token's value as the compiled code will see it: every JS escape decoded (`'\x2e/a'` is `./a`). */
function unquote(c: CodeTokens, t: Token): string {
  return c
    .text(t)
    .slice(1, -1)
    .replace(/\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|\r\n|[\s\S])/g, (_, e: string) => {
      if (e[0] === 'x' && e.length === 3) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
      if (e.startsWith('u{'))
        return String.fromCodePoint(Math.min(Number.parseInt(e.slice(2, -1), 16), 0x10ffff));
      if (e[0] === 'u' && e.length === 5) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
      if (/^(\r\n|[\n\r\u2028\u2029])$/.test(e)) return '';
      return SIMPLE[e] ?? e;
    });
}

/** The import sites of a code file; undefined when Sucrase cannot read it (or it is not code). */
export function importSites(path: string, code: string): ImportSite[] | undefined {
  const c = tokenize(path, code, new Set(['require']));
  if (!c || !('tokens' in c)) return undefined;
  return sitesOf(c);
}

function sitesOf(c: CodeTokens): ImportSite[] {
  const { tokens } = c;
  const out: ImportSite[] = [];
  const at = (i: number) => tokens[i];
  const is = (i: number, type: number) => at(i)?.type === type;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type === tt.name && !t.shadowsGlobal && c.text(t) === 'require' && !is(i - 1, tt.dot)) {
      if (is(i + 1, tt.parenL) && is(i + 2, tt.string) && is(i + 3, tt.parenR))
        out.push(site(c, at(i + 2) as Token, 'require', { namespace: true }));
      continue;
    }
    if (t.type !== tt._import && t.type !== tt._export) continue;
    if (t.type === tt._import && is(i + 1, tt.parenL)) {
      if (is(i + 2, tt.string) && is(i + 3, tt.parenR))
        out.push(site(c, at(i + 2) as Token, 'dynamic', { namespace: true }));
      continue;
    }
    // The clause runs to the `from` string (or, for `import 'x'`, is empty); a statement without one is skipped.
    let j = i + 1;
    while (j < tokens.length && !is(j, tt.string) && !is(j, tt.semi) && !is(j, tt.eof)) {
      if (is(j, tt.parenL) || is(j, tt._function) || is(j, tt._class) || is(j, tt.eq)) break;
      j++;
    }
    if (!is(j, tt.string)) continue;
    const str = at(j) as Token;
    const direct = j === i + 1;
    if (!direct && at(j - 1)?.contextualKeyword !== keyword.from) continue;
    if (t.type === tt._export && direct) continue;
    const clause = tokens.slice(i + 1, direct ? j : j - 1);
    // `import type …` / `export type …` are erased by the compiler: no dependency.
    const first = clause[0];
    if (
      first?.contextualKeyword === keyword.type &&
      clause.length > 1 &&
      !(clause[1]?.type === tt.comma || clause[1]?.contextualKeyword === keyword.from)
    ) {
      i = j;
      continue;
    }
    out.push(readClause(c, clause, str, t.type === tt._export ? 'export' : 'import'));
    i = j;
  }
  return out;
}

function site(
  c: CodeTokens,
  str: Token,
  form: ImportSite['form'],
  take: Partial<Pick<ImportSite, 'names' | 'default' | 'namespace'>>,
): ImportSite {
  return {
    specifier: unquote(c, str),
    form,
    names: take.names ?? [],
    default: take.default ?? false,
    namespace: take.namespace ?? false,
    start: str.start,
    end: str.end,
  };
}

function readClause(c: CodeTokens, clause: Token[], str: Token, form: 'import' | 'export'): ImportSite {
  const names: string[] = [];
  let isDefault = false;
  let namespace = false;
  let depth = 0;
  let item: Token[] = [];
  const flush = () => {
    const [head, second] = item;
    item = [];
    if (!head) return;
    // `{ type X }` is erased; `{ type as X }` is not (then `type` is the imported name).
    if (head.contextualKeyword === keyword.type && second && second.contextualKeyword !== keyword.as) return;
    const name = head.type === tt.string ? unquote(c, head) : c.text(head);
    if (name === 'default') isDefault = true;
    else names.push(name);
  };
  for (let k = 0; k < clause.length; k++) {
    const t = clause[k] as Token;
    if (t.type === tt.braceL) depth++;
    else if (t.type === tt.braceR) {
      flush();
      depth--;
    } else if (depth > 0) {
      if (t.type === tt.comma) flush();
      else item.push(t);
    } else if (t.type === tt.star) namespace = true;
    // A name before any brace, not after `* as`: the default import.
    else if (form === 'import' && t.type === tt.name && clause[k - 1]?.contextualKeyword !== keyword.as) {
      if (t.contextualKeyword !== keyword.as) isDefault = true;
    }
  }
  return site(c, str, form, { names: [...new Set(names)].sort(), default: isDefault, namespace });
}
