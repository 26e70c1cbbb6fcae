import type { IncomingMessage } from 'node:http';
import { expect, it } from 'vitest';
import { registrationAddress } from './registrationAddress.ts';

const req = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

it('keys IPv4 on the address and IPv6 on its /64', () => {
  expect(registrationAddress(req('203.0.113.7'), [])).toBe('203.0.113.7');
  expect(registrationAddress(req('::ffff:203.0.113.7'), [])).toBe('203.0.113.7');
  for (const v6 of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:3:4:5:6'])
    expect(registrationAddress(req(v6), []), v6).toBe('2001:db8:1:2::/64');
  expect(registrationAddress(req('2001:db8::1'), [])).toBe('2001:db8:0:0::/64');
  expect(registrationAddress(req('::1'), [])).toBe('0:0:0:0::/64');
  expect(registrationAddress(req('fe80::1%eth0'), [])).toBe('fe80:0:0:0::/64');
  expect(registrationAddress(req('2001:db8:1:2::1.2.3.4'), [])).toBe('2001:db8:1:2::/64');
});

it('believes X-Forwarded-For only from a trusted proxy, and only up to the nearest untrusted hop', () => {
  // Not a trusted proxy: the header is the caller's own say-so.
  expect(registrationAddress(req('198.51.100.1', '203.0.113.7'), [])).toBe('198.51.100.1');
  const proxies = ['10.0.0.1', '10.0.0.2'];
  expect(registrationAddress(req('10.0.0.1', '203.0.113.7'), proxies)).toBe('203.0.113.7');
  // A forged leftmost entry is passed over: the proxy appended the hop it really heard from.
  expect(registrationAddress(req('10.0.0.1', '1.1.1.1, 203.0.113.7'), proxies)).toBe('203.0.113.7');
  expect(registrationAddress(req('10.0.0.2', '1.1.1.1, 203.0.113.7, 10.0.0.1'), proxies)).toBe('203.0.113.7');
  expect(registrationAddress(req('10.0.0.1', '2001:db8:1:2::9'), proxies)).toBe('2001:db8:1:2::/64');
  // No header, or garbage in it: the proxy's own address (one shared budget, as without the setting).
  expect(registrationAddress(req('10.0.0.1'), proxies)).toBe('10.0.0.1');
  expect(registrationAddress(req('10.0.0.1', 'nonsense'), proxies)).toBe('10.0.0.1');
});
