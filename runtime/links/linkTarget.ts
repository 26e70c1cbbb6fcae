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

/** A host name past DNS's limit cannot be looked up: no site is there. */
export const MAX_HOST_CHARS = 253;
/** A `mailto:` or `tel:` target (the addresses or number before its query): several addresses fit. */
export const MAX_TARGET_CHARS = 512;

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
  // The prompt shows the host and address whole: a longer one pushes its title and site out of view.
  if (kind === 'web' && parsed.hostname.length > MAX_HOST_CHARS)
    throw new CodedError(
      'link_refused',
      `Links go to host names of at most ${MAX_HOST_CHARS} characters (DNS's own limit)`,
    );
  if (kind !== 'web' && parsed.pathname.length > MAX_TARGET_CHARS)
    throw new CodedError(
      'link_refused',
      `An email address or phone number in a link is at most ${MAX_TARGET_CHARS} characters`,
    );
  return { kind, href: parsed.href };
}
