import type { IncomingMessage } from 'node:http';
import { isIP, isIPv6 } from 'node:net';

/**
 * The key of the per-address registration budget: the caller's address (behind a proxy listed in
 * `trustedProxies`, the nearest untrusted hop of X-Forwarded-For), an IPv6 address cut to its /64
 * (one host usually holds a whole /64, so /128s would be budgets without end).
 */
export function registrationAddress(req: IncomingMessage, trustedProxies: string[]): string {
  let address = plain(req.socket.remoteAddress ?? '');
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => plain(hop.trim()));
  // Right to left: each trusted proxy appended the hop it heard from; anything further left is hearsay.
  while (trustedProxies.includes(address) && forwarded.length > 0) {
    const hop = forwarded.pop() as string;
    if (!isIP(hop)) break;
    address = hop;
  }
  return isIPv6(address) ? prefix64(address) : address || 'unknown';
}

/** An IPv4 address as itself (not `::ffff:1.2.3.4`), without a zone. */
export function plain(address: string): string {
  const bare = address.replace(/%.*$/, '');
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(bare) ? bare.slice(7) : bare.toLowerCase();
}

function prefix64(address: string): string {
  const [head = '', tail] = address.split('::');
  const groups = (text: string) => (text ? text.split(':') : []);
  // An embedded IPv4 tail is two groups; only the first four groups matter here.
  const width = (list: string[]) => list.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const full =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array(8 - width(groups(head)) - width(groups(tail))).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
