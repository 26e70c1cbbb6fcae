import type { WireError } from './errorCodes.ts';

/** The deepest nesting of objects and arrays a JSON body or a tool's arguments may have (`{}` is 1 level). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x7b, 0x5b]);
const CLOSE = new Set([0x7d, 0x5d]);

/**
 * The top-level field of `value` under which objects or arrays nest deeper than `max` ('' for the value
 * itself), or undefined. Iterative: a 100,000-deep value cannot overflow the stack as a recursive walk does.
 */
export function tooDeepField(value: unknown, max: number = MAX_JSON_DEPTH): string | undefined {
  const stack: [unknown, number, string][] = [[value, 0, '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth, field] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return field;
    for (const [key, child] of Object.entries(item))
      stack.push([child, depth + 1, depth === 0 ? key : field]);
  }
  return undefined;
}

/**
 * The same on JSON text, before parsing it: V8's JSON.parse spends ~300 ms on a 100,000-deep body of 600 KB.
 * Counts brackets outside strings; malformed text is left for JSON.parse to refuse.
 */
export function tooDeepTextField(text: string, max: number = MAX_JSON_DEPTH): string | undefined {
  let depth = 0;
  let topIsObject = false;
  let key: [number, number] | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++)
        if (text.charCodeAt(i) === BACKSLASH) i++;
      // At the top level of an object the string before a nested value is that value's key.
      if (depth === 1 && topIsObject) key = [start, i + 1];
    } else if (OPEN.has(c)) {
      if (depth === 0) topIsObject = c === 0x7b;
      if (++depth > max) return key ? decodeKey(text.slice(key[0], Math.min(key[1], key[0] + 202))) : '';
    } else if (CLOSE.has(c)) depth--;
  }
  return undefined;
}

function decodeKey(quoted: string): string {
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted.slice(1, -1);
  }
}

/** The schema_violation for a value nested past MAX_JSON_DEPTH under `field`. */
export function depthViolation(field: string): WireError {
  const where = field ? `${field} nests` : 'The value nests';
  return {
    code: 'schema_violation',
    message: `${where} objects or arrays more than ${MAX_JSON_DEPTH} levels deep, the limit for any JSON body or tool arguments`,
    detail: { field: field || 'arguments', max_depth: MAX_JSON_DEPTH },
  };
}
