import type { LinkKind } from '../../runtime/links/linkTarget.ts';
import { mixedScripts, nameSkeleton, scriptName } from '../../validation/confusableNames.ts';
import { punycodeLabel } from './punycodeLabel.ts';

/** Characters of a path and query shown before they are shortened (the rest behind "Show all"). */
export const SHOWN_REST = 60;

/** A link as the prompt shows it: the host apart, the rest after it, and what the person should know. */
export interface LinkParts {
  /** `https://`, `http://`, `mailto:` or `tel:`. */
  scheme: string;
  /** The host as the browser will use it (ASCII, `xn--` for international names); the address for email, the number for a phone. */
  host: string;
  /**
   * The end of `host` that names the site (its last two labels, three under a country's second level such
   * as `co.uk`): the prompt shows it boldest, so `accounts.google.com.evil.net` reads as evil.net.
   */
  site: string;
  /** The host's international form, when it differs from `host`. */
  unicodeHost?: string;
  /** Everything after the host (path, query, fragment), ASCII as the browser serialises it. */
  rest: string;
  /** Warnings in the launcher's words: an international name, mixed scripts, a look-alike, no encryption. */
  flags: string[];
}

/** Warnings about a host name: international letters, scripts mixed in one label, a look-alike of an ASCII name. */
function hostFlags(host: string): { unicodeHost?: string; flags: string[] } {
  const labels = host.split('.').map(punycodeLabel);
  if (labels.some((l) => l === undefined))
    return { flags: ['The address has a malformed international name'] };
  const unicodeHost = labels.join('.');
  if (unicodeHost === host) return { flags: [] };
  const flags = [`International name: it reads "${unicodeHost}" and is written ${host}`];
  const mixed = labels.map((l) => mixedScripts(l ?? '')).find((s) => s !== undefined);
  if (mixed) flags.push(`Mixes ${mixed.map(scriptName).join(' and ')} letters in one name`);
  // Each non-ASCII letter by its TR39 prototype (ASCII ones kept: the skeleton also turns "m" into "rn"):
  // all ASCII then is the name it imitates.
  const imitated = [...unicodeHost]
    .map((ch) => (ch < '\x80' ? ch : nameSkeleton(ch)))
    .join('')
    .toLowerCase();
  if (/^[\x21-\x7e]+$/.test(imitated) && imitated !== host) flags.push(`Looks like ${imitated}`);
  return { unicodeHost, flags };
}

// Labels that read as the end of a site name when they appear before the real one.
const TLD_LIKE = new Set(['com', 'org', 'net', 'gov', 'edu', 'io', 'co', 'app', 'dev', 'uk', 'de', 'fr']);

/** The site part of a host name (no public suffix list: two labels, three under `co.uk`-like endings). */
function siteOf(hostname: string): string {
  if (/^[\d.]+$|^\[/.test(hostname)) return hostname;
  const labels = hostname.split('.');
  const [second, last] = labels.slice(-2);
  const country = last?.length === 2 && second !== undefined && second.length <= 3 && labels.length > 2;
  return labels.slice(country ? -3 : -2).join('.');
}

/** Splits a checked link (`linkTarget`) into what the link prompt shows. */
export function linkParts(kind: LinkKind, href: string): LinkParts {
  const url = new URL(href);
  if (kind === 'web') {
    const { unicodeHost, flags } = hostFlags(url.hostname);
    if (url.protocol === 'http:')
      flags.push('Not encrypted (http): others on the network can read or change it');
    if (/^[\d.]+$|^\[/.test(url.hostname)) flags.push('A bare IP address, not a site name');
    const port = url.port ? `:${url.port}` : '';
    const site = siteOf(url.hostname);
    const before = url.hostname.slice(0, -site.length - 1);
    if (before.split('.').some((label) => TLD_LIKE.has(label)))
      flags.push(`The site is ${site}: "${before}" before it is a name that site chose`);
    return {
      scheme: `${url.protocol}//`,
      host: url.hostname + port,
      site: site + port,
      ...(unicodeHost ? { unicodeHost } : {}),
      rest: url.pathname + url.search + url.hash,
      flags,
    };
  }
  // mailto:/tel: keep their target in the path; the query (subject, body) is the rest.
  const target = url.pathname;
  const domain = kind === 'email' ? target.slice(target.lastIndexOf('@') + 1) : '';
  let flags: string[] = [];
  let unicodeHost: string | undefined;
  if (domain) {
    try {
      ({ unicodeHost, flags } = hostFlags(new URL(`http://${domain}`).hostname));
    } catch {
      flags = ['The address has a malformed domain'];
    }
  }
  return {
    scheme: url.protocol,
    host: target,
    site: target,
    ...(unicodeHost ? { unicodeHost: target.slice(0, target.length - domain.length) + unicodeHost } : {}),
    rest: url.search + url.hash,
    flags,
  };
}
