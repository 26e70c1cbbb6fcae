import { CodedError } from '../../validation/errorCodes.ts';

/** What kinds of link an app may ask the person to open. */
export type LinkKind = 'web' | 'email' | 'phone';

const KINDS: Readonly<Record<string, LinkKind>> = {
  'http:': 'web',
  'https:': 'web',
  'mailto:': 'email',
  'tel:': 'phone',
};

/** Longest link an app may ask to open: past it nobody reads what they would agree to. */
export const MAX_LINK_CHARS = 4096;

export interface LinkTarget {
  kind: LinkKind;
  /** The URL as the browser serialises it: ASCII only (punycode host, percent-encoded path and query). */
  href: string;
}

/**
 * The link an app asked to open, or `link_refused`: an absolute `http(s):`, `mailto:` or `tel:` URL, with
 * no user name or password before its host (`https://google.com@evil.example` reads as google.com).
 */
export function linkTarget(url: unknown): LinkTarget {
  if (typeof url !== 'string' || url.length > MAX_LINK_CHARS)
    throw new CodedError('link_refused', `A link is a URL of at most ${MAX_LINK_CHARS} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CodedError('link_refused', 'The link is not an absolute URL');
  }
  const kind = KINDS[parsed.protocol];
  if (!kind)
    throw new CodedError(
      'link_refused',
      `Apps may open only http:, https:, mailto: and tel: links, not ${parsed.protocol.slice(0, 20)}`,
    );
  if (parsed.username || parsed.password)
    throw new CodedError(
      'link_refused',
      'A link with a user name or password before its host (user@host) is not opened: it can pass for another site',
    );
  if (kind === 'web' && !parsed.hostname) throw new CodedError('link_refused', 'The link has no host');
  return { kind, href: parsed.href };
}
