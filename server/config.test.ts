import { describe, expect, it } from 'vitest';
import { frameHostMatcher, frameOrigin, frameSource, parseHost, readConfig } from './config.ts';

describe('readConfig', () => {
  it('defaults to 127.0.0.1:5178 with per-app frame hosts under localhost', () => {
    const config = readConfig({});
    expect(config.publicUrl).toBe('http://127.0.0.1:5178');
    expect(frameOrigin(config, 'a1b2')).toBe('http://a1b2.localhost:5178');
    expect(frameSource(config)).toBe('http://*.localhost:5178');
  });

  it('rejects a frame URL without {app} and a bad port', () => {
    expect(() => readConfig({ ROOM_FRAME_URL: 'http://apps.example' })).toThrow(/\{app\}/);
    expect(() => readConfig({ PORT: 'x' })).toThrow(/PORT/);
  });

  it('reads ROOM_TRUSTED_PROXIES as IP addresses and refuses anything else', () => {
    expect(readConfig({ ROOM_TRUSTED_PROXIES: ' 10.0.0.1, ,::1 ' }).trustedProxies).toEqual([
      '10.0.0.1',
      '::1',
    ]);
    expect(readConfig({}).trustedProxies).toEqual([]);
    for (const bad of ['10.0.0.0/8', 'lb.internal'])
      expect(() => readConfig({ ROOM_TRUSTED_PROXIES: bad }), bad).toThrow(/ROOM_TRUSTED_PROXIES/);
  });

  it('reads ROOM_ALLOWED_HOSTS as lower-case host[:port] names and refuses URLs or paths', () => {
    expect(readConfig({}).allowedHosts).toEqual([]);
    expect(
      readConfig({ ROOM_ALLOWED_HOSTS: ' LB.internal:8080, ,health.internal,[::1]:80 ' }).allowedHosts,
    ).toEqual(['lb.internal:8080', 'health.internal', '[::1]:80']);
    for (const bad of ['http://lb.internal', 'lb.internal/x', 'lb.internal:99999', 'a b', 'lb.internal:'])
      expect(() => readConfig({ ROOM_ALLOWED_HOSTS: bad }), bad).toThrow(/ROOM_ALLOWED_HOSTS/);
  });
});

describe('parseHost', () => {
  it('splits a Host header into name and port, and refuses anything else', () => {
    expect(parseHost('Rooms.Example:443')).toEqual({ hostname: 'rooms.example', port: 443 });
    expect(parseHost('localhost')).toEqual({ hostname: 'localhost', port: undefined });
    expect(parseHost('[::1]:5178')).toEqual({ hostname: '[::1]', port: 5178 });
    for (const bad of ['', 'a@b', 'a..b', '.a', 'a:b', 'a:1:2', 'a/b', 'a b'])
      expect(parseHost(bad), bad).toBeUndefined();
  });
});

describe('frameHostMatcher', () => {
  it('matches only single DNS labels on the frame host', () => {
    const match = frameHostMatcher(readConfig({ PORT: '5178' }));
    expect(match('abc.localhost:5178')).toBe('abc');
    expect(match('ABC.localhost:5178')).toBe('abc');
    expect(match('127.0.0.1:5178')).toBeUndefined();
    expect(match('a.b.localhost:5178')).toBeUndefined();
    expect(match('abc.localhost:5179')).toBeUndefined();
    expect(match('abc.localhost.evil:5178')).toBeUndefined();
  });
});
