import { describe, expect, it } from 'vitest';
import { parseRoomJson } from '../validation/networkDeclaration.ts';
import { networkRules, readConfig } from './config.ts';

const connect = (entry: string) => JSON.stringify({ csp: { connectDomains: [entry] } });

describe('networkRules(config)', () => {
  it('ROOM_NETWORK_ALLOW_LOOPBACK is off unless 1, and refuses other values', () => {
    expect(readConfig({}).networkLoopback).toBe(false);
    expect(readConfig({ ROOM_NETWORK_ALLOW_LOOPBACK: '1' }).networkLoopback).toBe(true);
    expect(readConfig({ ROOM_NETWORK_ALLOW_LOOPBACK: '0' }).networkLoopback).toBe(false);
    for (const bad of ['true', 'yes', ''])
      expect(() => readConfig({ ROOM_NETWORK_ALLOW_LOOPBACK: bad })).toThrow(/ROOM_NETWORK_ALLOW_LOOPBACK/);
  });

  it("names the deployment's shell, frame, Sandpack and allowed hosts, so no declaration reaches them", () => {
    const rules = networkRules(
      readConfig({
        PORT: '8080',
        ROOM_PUBLIC_URL: 'https://room.example.org',
        ROOM_FRAME_URL: 'https://{app}.frames.example.net',
        ROOM_SANDPACK_URL: 'https://{app}-sp.bundler.example.com',
        ROOM_ALLOWED_HOSTS: 'lb.example.io:8443',
      }),
    );
    expect(rules).toEqual({
      ownOrigins: [
        'https://room.example.org',
        'https://*.frames.example.net',
        'https://*.bundler.example.com',
        'https://lb.example.io:8443',
      ],
      allowLoopback: false,
      serverPort: 8080,
    });
    for (const entry of [
      'https://room.example.org',
      'https://*.example.org',
      'https://a1b2.frames.example.net',
      'https://*.example.net',
      'https://x-sp.bundler.example.com',
      'wss://lb.example.io',
    ])
      expect(parseRoomJson(connect(entry), rules), entry).toMatchObject({ ok: false });
    expect(parseRoomJson(connect('https://api.example.com'), rules).ok).toBe(true);
  });

  it('with loopback on, the default local sites stay out of reach by their port', () => {
    const rules = networkRules(readConfig({ ROOM_NETWORK_ALLOW_LOOPBACK: '1' }));
    for (const entry of ['http://127.0.0.1:5178', 'http://*.localhost:5178', 'http://a1b2-sp.localhost:5178'])
      expect(parseRoomJson(connect(entry), rules), entry).toMatchObject({ ok: false });
    expect(parseRoomJson(connect('http://api.localhost:5190'), rules).ok).toBe(true);
  });
});
