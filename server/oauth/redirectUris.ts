import { MAX_REDIRECT_URI_LENGTH } from './oauthLimits.ts';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a redirect URI may not be registered, or undefined: https, or http on a loopback address
 * (RFC 8252); no fragment, no credentials, nothing that could break out of a CSP or a header.
 */
export function redirectUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || uri.length === 0) return 'each redirect URI must be a non-empty string';
  if (uri.length > MAX_REDIRECT_URI_LENGTH)
    return `a redirect URI is at most ${MAX_REDIRECT_URI_LENGTH} characters`;
  if (/[\s"'<>\\;,]/.test(uri)) return 'a redirect URI may not contain spaces, quotes, <, >, \\, ; or ,';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash || uri.includes('#')) return 'a redirect URI may not have a fragment';
  if (url.username || url.password) return 'a redirect URI may not carry credentials';
  // The parser percent-decodes the host (`%2A` is `*`): only plain host names and loopback literals.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?]*%/i.test(uri)) return 'a redirect URI may not percent-encode its host';
  if (!LOOPBACK.has(url.hostname) && !/^[a-z0-9.-]+$/.test(url.hostname))
    return 'a redirect URI names its host with letters, digits, dots and hyphens only';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return undefined;
  return 'a redirect URI must be https, or http on a loopback address (127.0.0.1, [::1], localhost)';
}

/**
 * The registered URI `requested` stands for, or undefined: the same text, or for a loopback URI the
 * same one on any port (RFC 8252 §7.3: native apps pick a free port at each sign-in).
 */
export function matchRedirectUri(registered: string[], requested: string): string | undefined {
  if (registered.includes(requested)) return requested;
  if (redirectUriProblem(requested) !== undefined) return undefined;
  const want = new URL(requested);
  if (want.protocol !== 'http:') return undefined;
  for (const candidate of registered) {
    const have = new URL(candidate);
    if (have.protocol !== 'http:') continue;
    have.port = want.port;
    if (have.href === want.href) return requested;
  }
  return undefined;
}
