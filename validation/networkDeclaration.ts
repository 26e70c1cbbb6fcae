import { visit } from 'jsonc-parser';
import type { WireError } from './errorCodes.ts';
import { hostsOverlap, networkHostProblem, parseOwnOrigin } from './networkHosts.ts';

/** An app's declared hosts (`room.json` `csp`, MCP Apps' names), each entry a normalised origin. */
export interface NetworkDeclaration {
  /** Reachable by fetch, XHR, EventSource and WebSocket: `https://host[:port]`, `wss://…`, `*.` allowed. */
  connectDomains: string[];
  /** May serve images, fonts, media and stylesheets, never scripts or frames: `https://host[:port]`. */
  resourceDomains: string[];
}

/** What the deployment knows that a declaration is checked against. */
export interface NetworkRules {
  /** The product's own sites (shell, frames, Sandpack) as origins; `*.` stands for an app's label. */
  ownOrigins: string[];
  /** ROOM_NETWORK_ALLOW_LOOPBACK: `http://*.localhost:<port>` and `http://127.0.0.1:<port>` (tests only). */
  allowLoopback: boolean;
  /** The server's own port, never reachable through a loopback entry. */
  serverPort: number;
}

export type NetworkVerdict = { ok: true; declaration: NetworkDeclaration } | { ok: false; error: WireError };

export const ROOM_JSON = 'room.json';
export const MAX_NETWORK_ENTRIES = 20;
export const EMPTY_NETWORK: NetworkDeclaration = Object.freeze({
  connectDomains: [],
  resourceDomains: [],
}) as NetworkDeclaration;

const FIELDS = ['connectDomains', 'resourceDomains'] as const;
type Field = (typeof FIELDS)[number];

const fail = (message: string, detail?: object): NetworkVerdict => ({
  ok: false,
  error: detail ? { code: 'invalid_network', message, detail } : { code: 'invalid_network', message },
});

/** Validates the text of a `room.json` against every network rule; the entries come back normalised. */
export function parseRoomJson(text: string, rules: NetworkRules): NetworkVerdict {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return fail(`room.json is not valid JSON (${(err as Error).message})`);
  }
  if (!isObject(json)) return fail('room.json must be a JSON object such as {"csp": {"connectDomains": []}}');
  const twice = duplicateKey(text);
  if (twice !== undefined)
    return fail(
      `room.json has the field "${twice}" twice in one object; keep one, so the file reads as it applies`,
      {
        field: twice,
      },
    );
  const unknownTop = Object.keys(json).find((k) => k !== 'csp');
  if (unknownTop !== undefined)
    return fail(`room.json has an unknown field "${unknownTop}"; it may hold only "csp"`, {
      field: unknownTop,
    });
  if (!Object.hasOwn(json, 'csp')) return { ok: true, declaration: emptyDeclaration() };
  const csp = json.csp;
  if (!isObject(csp))
    return fail('room.json "csp" must be an object with connectDomains and resourceDomains', {
      field: 'csp',
    });
  const unknownCsp = Object.keys(csp).find((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknownCsp !== undefined)
    return fail(
      `room.json has an unknown field "csp.${unknownCsp}"; "csp" may hold only connectDomains and resourceDomains`,
      { field: `csp.${unknownCsp}` },
    );
  const declaration = emptyDeclaration();
  for (const field of FIELDS) {
    if (!Object.hasOwn(csp, field)) continue;
    const list = csp[field];
    const name = `csp.${field}`;
    if (!Array.isArray(list)) return fail(`room.json "${name}" must be an array of origins`, { field: name });
    if (list.length > MAX_NETWORK_ENTRIES)
      return fail(`room.json "${name}" has ${list.length} entries; at most ${MAX_NETWORK_ENTRIES}`, {
        field: name,
      });
    for (const [index, entry] of list.entries()) {
      const at = { field: name, index, entry };
      if (typeof entry !== 'string') return fail(`room.json "${name}[${index}]" must be a string`, at);
      const checked = checkEntry(entry, field, rules);
      if ('problem' in checked)
        return fail(`room.json ${name}: "${entry}" is refused: ${checked.problem}`, at);
      if (declaration[field].includes(checked.origin))
        return fail(`room.json ${name}: "${entry}" is listed twice (as ${checked.origin}); list it once`, at);
      declaration[field].push(checked.origin);
    }
  }
  return { ok: true, declaration };
}

/** The declaration in an app version's files: none without `room.json`; refused as `parseRoomJson` refuses. */
export function readNetworkDeclaration(
  files: Readonly<Record<string, string>> | null | undefined,
  rules: NetworkRules,
): NetworkVerdict {
  if (!files || !Object.hasOwn(files, ROOM_JSON)) return { ok: true, declaration: emptyDeclaration() };
  return parseRoomJson(files[ROOM_JSON] as string, rules);
}

/** The hosts an approved version may use: what it declares, or nothing when that no longer passes the rules. */
export function networkDeclarationOf(
  files: Readonly<Record<string, string>> | null | undefined,
  rules: NetworkRules,
): NetworkDeclaration {
  const verdict = readNetworkDeclaration(files, rules);
  return verdict.ok ? verdict.declaration : emptyDeclaration();
}

/** Whether a declaration grants nothing. */
export function isEmptyNetwork(d: NetworkDeclaration): boolean {
  return d.connectDomains.length === 0 && d.resourceDomains.length === 0;
}

const emptyDeclaration = (): NetworkDeclaration => ({ connectDomains: [], resourceDomains: [] });

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

// JSON.parse keeps the last of two equal keys: a reviewer reading the first would read the wrong list.
function duplicateKey(text: string): string | undefined {
  const objects: Set<string>[] = [];
  let found: string | undefined;
  visit(text, {
    onObjectBegin: () => {
      objects.push(new Set());
    },
    onObjectEnd: () => {
      objects.pop();
    },
    onObjectProperty: (name) => {
      const keys = objects.at(-1);
      if (keys?.has(name)) found ??= name;
      keys?.add(name);
    },
  });
  return found;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i;

/** One entry: its normalised origin, or why it is refused. */
function checkEntry(
  entry: string,
  field: Field,
  rules: NetworkRules,
): { origin: string } | { problem: string } {
  const m = SCHEME.exec(entry.trim() === entry ? entry : '');
  if (!m) return { problem: 'write an origin such as https://api.example.com (no spaces around it)' };
  const scheme = (m[1] as string).toLowerCase();
  const rest = m[2] as string;
  if (/[/?#]/.test(rest))
    return { problem: 'paths, queries and fragments are not allowed; give the origin only' };
  if (rest.includes('@')) return { problem: 'user names and passwords are not allowed in an origin' };
  if (rest.startsWith('[')) return { problem: 'IP addresses are not allowed; use a host name' };
  const colon = rest.lastIndexOf(':');
  const hostText = colon === -1 ? rest : rest.slice(0, colon);
  const portText = colon === -1 ? undefined : rest.slice(colon + 1);
  if (portText !== undefined && !/^[1-9][0-9]{0,4}$/.test(portText))
    return { problem: 'the port must be a number from 1 to 65535' };
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && port > 65535) return { problem: 'the port must be a number from 1 to 65535' };
  const wildcard = hostText.startsWith('*.');
  const name = wildcard ? hostText.slice(2) : hostText;
  if (name.includes('*'))
    return { problem: 'a wildcard may only be one leading "*." (as in https://*.example.com)' };
  const host = normaliseHost(name);
  if (host === undefined) return { problem: 'not a valid host name' };
  if (scheme === 'http') return checkLoopback({ host, wildcard, port }, rules);
  if (scheme !== 'https' && scheme !== 'wss')
    return { problem: 'only https:// and wss:// origins are allowed' };
  if (scheme === 'wss' && field === 'resourceDomains')
    return { problem: 'wss:// belongs in connectDomains; resourceDomains serve files over https://' };
  const problem = networkHostProblem(host, wildcard) ?? ownHostProblem(host, wildcard, rules);
  if (problem) return { problem };
  return { origin: `${scheme}://${wildcard ? '*.' : ''}${host}${port === undefined ? '' : `:${port}`}` };
}

/**
 * A host name lowercased with IDN labels in punycode (the WHATWG URL parser's UTS 46 mapping, the same
 * in Node and the browser); undefined unless every label is letters, digits and inner hyphens.
 */
function normaliseHost(name: string): string | undefined {
  if (name === '' || /[\s%\\]/.test(name)) return undefined;
  let host: string;
  try {
    host = new URL(`https://${name}/`).hostname;
  } catch {
    return undefined;
  }
  if (host.startsWith('[')) return host;
  if (host.length > 253) return undefined;
  const labels = host.split('.');
  // An IPv4 address in any form the parser accepts comes back dotted-decimal: let the IP rule name it.
  if (labels.length === 4 && labels.every((l) => /^\d+$/.test(l))) return host;
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) ? host : undefined;
}

/** Loopback entries, only with ROOM_NETWORK_ALLOW_LOOPBACK and never on one of the product's own ports. */
function checkLoopback(
  e: { host: string; wildcard: boolean; port: number | undefined },
  rules: NetworkRules,
): { origin: string } | { problem: string } {
  const loopback = e.wildcard
    ? e.host === 'localhost'
    : e.host === '127.0.0.1' || /^[a-z0-9-]+\.localhost$/.test(e.host);
  if (!rules.allowLoopback || !loopback) return { problem: 'only https:// and wss:// origins are allowed' };
  if (e.port === undefined) return { problem: 'a loopback origin needs its port (http://127.0.0.1:8080)' };
  const own = new Set([rules.serverPort, ...rules.ownOrigins.map((o) => parseOwnOrigin(o)?.port)]);
  if (own.has(e.port))
    return { problem: `port ${e.port} is this server's own; the launcher is never reachable` };
  return { origin: `http://${e.wildcard ? '*.' : ''}${e.host}:${e.port}` };
}

/** The product's own hosts, and any wildcard covering one, are refused. */
function ownHostProblem(host: string, wildcard: boolean, rules: NetworkRules): string | undefined {
  for (const text of rules.ownOrigins) {
    const own = parseOwnOrigin(text);
    if (!own) continue;
    if (hostsOverlap({ host, wildcard }, own))
      return `${own.wildcard ? '*.' : ''}${own.host} is one of this Room's own sites`;
  }
  return undefined;
}
