import { type CodeTokens, IdentifierRole, type Token, TokenType as tt } from './codeTokens.ts';
import type { ReviewFlag } from './reviewFlags.ts';

/** Browser APIs that reach the network. The frame's policy blocks them all; a call tells what the app tries. */
export const NETWORK_APIS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'RTCPeerConnection',
  'WebTransport',
];
/** Names through which code runs text as code. */
const DYNAMIC = ['eval', 'Function', 'setTimeout', 'setInterval', 'require'];
/** Names of the global object: `window.fetch` and `globalThis['eval']` are the globals themselves. */
const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self', 'top', 'parent', 'frames']);
/** Every global this scan looks for: Sucrase marks the uses a local declaration shadows. */
export const REACH_GLOBALS = new Set([...NETWORK_APIS, ...DYNAMIC, ...GLOBAL_OBJECTS, 'navigator']);

type Found = Omit<ReviewFlag, 'file'>;

// A reference to a variable (not a property, a key, a type or a declaration): `fetch(…)`, `{ eval }`.
function isReference(t: Token): boolean {
  return (
    t.type === tt.name &&
    !t.isType &&
    !t.shadowsGlobal &&
    (t.identifierRole === IdentifierRole.Access || t.identifierRole === IdentifierRole.ObjectShorthand)
  );
}

// The string a literal token (or a template without `${…}`) spells, from `start`; undefined if computed.
function literalAt(toks: Token[], i: number, c: CodeTokens): { end: number } | undefined {
  const t = toks[i];
  if (t?.type === tt.string) return { end: i + 1 };
  if (t?.type === tt.backQuote && toks[i + 1]?.type === tt.template && toks[i + 2]?.type === tt.backQuote)
    return c.text(toks[i + 1]).includes('${') ? undefined : { end: i + 3 };
  return undefined;
}

// `name(` followed by one literal argument (and options) is static; anything else is computed.
function computedArgument(toks: Token[], open: number, c: CodeTokens): boolean {
  const lit = literalAt(toks, open + 1, c);
  const after = lit && toks[lit.end]?.type;
  return !(after === tt.parenR || after === tt.comma);
}

/**
 * What a file reaches for: network APIs (`network`) and ways to run text as code (`dynamic_code`):
 * `eval`, `Function`, `import()` or `require()` of a computed name, `setTimeout` with a string, a
 * computed name on the global object.
 */
export function reachFlags(c: CodeTokens): Found[] {
  const toks = c.tokens;
  // A name the file declares at its top level (or imports) is that binding throughout, not the global.
  const declared = new Set(
    toks
      .filter(
        (t) =>
          t.identifierRole === IdentifierRole.TopLevelDeclaration ||
          t.identifierRole === IdentifierRole.ObjectShorthandTopLevelDeclaration ||
          t.identifierRole === IdentifierRole.ImportDeclaration,
      )
      .map((t) => c.text(t)),
  );
  const found: Found[] = [];
  const flag = (t: Token, kind: 'network' | 'dynamic_code', label: string, end = t.end) => {
    found.push({ ...c.where(t.start), kind, length: end - t.start, label });
  };
  toks.forEach((t, i) => {
    if (t.type !== tt.name && t.type !== tt._import) return;
    const name = c.text(t);
    const prev = toks[i - 1];
    const next = toks[i + 1];
    const isGlobal = (x: Token | undefined) => x !== undefined && isReference(x) && !declared.has(c.text(x));
    const global = isGlobal(t);
    const member = prev?.type === tt.dot || prev?.type === tt.questionDot;
    const onGlobal = member && isGlobal(toks[i - 2]) && GLOBAL_OBJECTS.has(c.text(toks[i - 2]));
    if (t.type === tt.name && !t.isType) {
      if (NETWORK_APIS.includes(name) && (global || onGlobal)) flag(t, 'network', name);
      else if (name === 'sendBeacon' && member) flag(t, 'network', 'navigator.sendBeacon');
      else if (name === 'eval' && (global || onGlobal)) flag(t, 'dynamic_code', 'eval');
      else if (
        name === 'Function' &&
        (global || onGlobal) &&
        (prev?.type === tt._new || next?.type === tt.parenL)
      )
        flag(t, 'dynamic_code', prev?.type === tt._new ? 'new Function' : 'Function');
      else if (name === 'constructor' && member && next?.type === tt.parenL)
        flag(t, 'dynamic_code', '.constructor(…), which builds a function from text when called on one');
      else if (
        /^set(Timeout|Interval)$/.test(name) &&
        (global || onGlobal) &&
        next?.type === tt.parenL &&
        literalAt(toks, i + 2, c)
      )
        flag(t, 'dynamic_code', `${name} with code in a string`);
      else if (name === 'require' && global && next?.type === tt.parenL && computedArgument(toks, i + 1, c))
        flag(t, 'dynamic_code', 'require with a computed module name');
      else if (GLOBAL_OBJECTS.has(name) && global && next?.type === tt.bracketL) {
        const lit = literalAt(toks, i + 2, c);
        const key = lit && c.text(toks[i + 2]).slice(1, -1);
        if (!lit) flag(t, 'dynamic_code', `${name}[…], a computed name on the global object`);
        else if (key && NETWORK_APIS.includes(key)) flag(t, 'network', key);
        else if (key === 'eval' || key === 'Function') flag(t, 'dynamic_code', key);
      }
    } else if (t.type === tt._import && next?.type === tt.parenL && computedArgument(toks, i + 1, c)) {
      flag(t, 'dynamic_code', 'import() of a computed specifier');
    }
  });
  return found;
}
