import { parse } from 'tldts';

/** A host pattern: a name, or with `wildcard` every name strictly below it. */
export interface HostPattern {
  host: string;
  wildcard: boolean;
}

// Public names that resolve to whatever address they spell (127.0.0.1.nip.io) or to loopback: DNS rebinding.
const REBINDING = new Set([
  'nip.io',
  'sslip.io',
  'xip.io',
  'xip.name',
  'traefik.me',
  'localtest.me',
  'lvh.me',
  'vcap.me',
  'lacolhost.com',
  'localhost.direct',
  'rbndr.us',
  '1u.ms',
]);

// Names for private networks and special uses that are not public hosts (RFC 6761, RFC 8375, ICANN's .internal).
const PRIVATE_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'lan',
  'home.arpa',
  'arpa',
  'test',
  'invalid',
  'onion',
];

/**
 * Why a normalised host (or `*.` pattern) may not be declared, or undefined: IP literals, single labels,
 * local and special-use names, rebinding services, and wildcards at or above a public suffix.
 */
export function networkHostProblem(host: string, wildcard: boolean): string | undefined {
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host))
    return 'IP addresses are not allowed; use a host name';
  if (!host.includes('.') && !wildcard)
    return host === 'localhost'
      ? 'localhost is not allowed'
      : 'single-label names (no dot) are local names, not public hosts';
  const suffix = PRIVATE_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix !== undefined) return `.${suffix} names are local or special-use, not public hosts`;
  const icann = parse(host, { allowPrivateDomains: false });
  if (!icann.isIcann) return 'not under a known public top-level domain';
  if (icann.domain && REBINDING.has(icann.domain))
    return `${icann.domain} resolves names to any address (DNS rebinding); use the service's own host`;
  // Private suffixes too (github.io, vercel.app): a name directly under one is anyone's.
  if (!icann.domain || !parse(host, { allowPrivateDomains: true }).domain)
    return wildcard
      ? `*.${host} would cover anyone's sites: ${host} is a public suffix; name a domain below it`
      : `${host} is a public suffix, not one site; name the host`;
  return undefined;
}

/** An origin of the product's own (`http://*.localhost:5178`) as a host pattern and port; undefined if unreadable. */
export function parseOwnOrigin(text: string): (HostPattern & { port: number }) | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([^/:?#]+)(?::(\d+))?/i.exec(text.trim());
  if (!m) return undefined;
  let host: string;
  try {
    host = new URL(`http://${m[3]}/`).hostname;
  } catch {
    return undefined;
  }
  const scheme = (m[1] as string).toLowerCase();
  const port = m[4] !== undefined ? Number(m[4]) : scheme === 'https' || scheme === 'wss' ? 443 : 80;
  return { host, wildcard: m[2] !== undefined, port };
}

/** Whether some host name matches both patterns. */
export function hostsOverlap(a: HostPattern, b: HostPattern): boolean {
  const below = (name: string, base: string) => name.endsWith(`.${base}`);
  if (!a.wildcard && !b.wildcard) return a.host === b.host;
  if (a.wildcard && !b.wildcard) return below(b.host, a.host);
  if (!a.wildcard && b.wildcard) return below(a.host, b.host);
  return a.host === b.host || below(a.host, b.host) || below(b.host, a.host);
}
