// A token-level check, not a parser: it blanks comments, strings, template literals and regex literals,
// then looks for `export default …` or `export { … as default }` / `export { default } from …` in what
// is left. Known limits: a quote in JSX text (`<p>Don't</p>`) blanks the rest of that line only (quoted
// strings end at a newline), and a regex is told from division by the token before it, so unusual code
// can fool it; the frame's compiler still reports a missing default export when the app runs.

// '<' and '>' are left out: in JSX they mostly open and close tags (`</div>`), not expressions.
const REGEX_BEFORE = new Set('(,=:[!&|?{};+-*%~^'.split(''));
const REGEX_AFTER_WORDS =
  /(?:^|[^\w$])(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/;

/** `source` with comments, strings, template literals and regex literals replaced by spaces. */
export function blankLiterals(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  let lastSignificant = '';
  let code = '';
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    let end = -1;
    if (c === '/' && next === '/') end = endOfLine(source, i);
    else if (c === '/' && next === '*') end = endOf(source, '*/', i + 2);
    else if (c === "'" || c === '"') end = endOfQuoted(source, i, c);
    else if (c === '`') end = endOfTemplate(source, i);
    else if (
      c === '/' &&
      (lastSignificant === '' || REGEX_BEFORE.has(lastSignificant) || REGEX_AFTER_WORDS.test(code))
    )
      end = endOfRegex(source, i);
    if (end > i) {
      blank(i, end);
      // A string, template or regex is a value: a `/` after it divides.
      if (c !== '/' || (next !== '/' && next !== '*')) lastSignificant = 'a';
      i = end;
      continue;
    }
    if (!/\s/.test(c)) {
      lastSignificant = c;
      code = (code + c).slice(-12);
    } else code += ' ';
    i++;
  }
  return out.join('');
}

function endOfLine(s: string, i: number): number {
  const n = s.indexOf('\n', i);
  return n < 0 ? s.length : n;
}

function endOf(s: string, token: string, from: number): number {
  const n = s.indexOf(token, from);
  return n < 0 ? s.length : n + token.length;
}

function endOfQuoted(s: string, i: number, quote: string): number {
  for (let k = i + 1; k < s.length; k++) {
    const c = s[k];
    if (c === '\\') k++;
    else if (c === quote) return k + 1;
    else if (c === '\n') return k;
  }
  return s.length;
}

function endOfTemplate(s: string, i: number): number {
  let depth = 0;
  for (let k = i + 1; k < s.length; k++) {
    const c = s[k];
    if (c === '\\') k++;
    else if (depth === 0 && c === '`') return k + 1;
    else if (c === '$' && s[k + 1] === '{') {
      depth++;
      k++;
    } else if (depth > 0 && c === '}') depth--;
  }
  return s.length;
}

function endOfRegex(s: string, i: number): number {
  let inClass = false;
  for (let k = i + 1; k < s.length; k++) {
    const c = s[k];
    if (c === '\\') k++;
    else if (c === '\n') return i + 1;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return k + 1;
  }
  return i + 1;
}

/** Whether module source has a default export (declaration, expression or re-export). */
export function hasDefaultExport(source: string): boolean {
  const code = blankLiterals(source);
  if (/(?:^|[^\w$.])export\s+default(?![\w$])/.test(code)) return true;
  const lists = code.matchAll(/(?:^|[^\w$.])export\s*\{([^}]*)\}/g);
  for (const m of lists)
    if (/(?:^|[\s,])(?:default(?:\s+as\s+default)?|[\w$]+\s+as\s+default)\s*(?:,|$)/.test(m[1] ?? ''))
      return true;
  return false;
}
