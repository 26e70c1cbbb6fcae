import { describe, expect, it } from 'vitest';
import { frameHostMatcher, frameOrigin, frameSource, readConfig } from './config.ts';

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
