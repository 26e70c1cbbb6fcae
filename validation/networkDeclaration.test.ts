import { describe, expect, it } from 'vitest';
import {
  MAX_NETWORK_ENTRIES,
  type NetworkRules,
  networkDeclarationOf,
  parseRoomJson,
  readNetworkDeclaration,
} from './networkDeclaration.ts';

const RULES: NetworkRules = {
  ownOrigins: ['https://room.example.org', 'https://*.frames.example.org', 'https://*.sp.example.net'],
  allowLoopback: false,
  serverPort: 5178,
};
const LOOPBACK: NetworkRules = {
  ownOrigins: ['http://127.0.0.1:5178', 'http://*.localhost:5178', 'http://*.localhost:5179'],
  allowLoopback: true,
  serverPort: 5178,
};

const room = (connect: unknown[] = [], resource: unknown[] = []) =>
  JSON.stringify({ csp: { connectDomains: connect, resourceDomains: resource } });

function refused(text: string, rules = RULES) {
  const v = parseRoomJson(text, rules);
  if (v.ok) throw new Error(`accepted: ${text}`);
  expect(v.error.code).toBe('invalid_network');
  return v.error;
}

function connect(entry: string, rules = RULES) {
  return parseRoomJson(room([entry]), rules);
}

function refusedEntry(entry: string, why: string, rules = RULES, field: 'connect' | 'resource' = 'connect') {
  const e = refused(field === 'connect' ? room([entry]) : room([], [entry]), rules);
  expect(e.message).toContain(`"${entry}"`);
  expect(e.message).toContain(why);
  expect(e.detail).toMatchObject({ field: `csp.${field}Domains`, index: 0, entry });
}

describe('parseRoomJson accepts', () => {
  it('https and wss origins, with ports and a wildcard below a registrable domain', () => {
    const v = parseRoomJson(
      room(
        ['https://api.example.com', 'wss://live.example.com:8443', 'https://*.example.co.uk'],
        ['https://img.example.com', 'https://*.cdn.example.com'],
      ),
      RULES,
    );
    expect(v).toEqual({
      ok: true,
      declaration: {
        connectDomains: ['https://api.example.com', 'wss://live.example.com:8443', 'https://*.example.co.uk'],
        resourceDomains: ['https://img.example.com', 'https://*.cdn.example.com'],
      },
    });
  });

  it('normalises case and IDNs to punycode and keeps an explicit port', () => {
    expect(connect('HTTPS://API.Example.COM:443')).toEqual({
      ok: true,
      declaration: { connectDomains: ['https://api.example.com:443'], resourceDomains: [] },
    });
    expect(connect('https://bücher.example.com')).toMatchObject({
      declaration: { connectDomains: ['https://xn--bcher-kva.example.com'] },
    });
    expect(connect('https://*.münchen.de')).toMatchObject({
      declaration: { connectDomains: ['https://*.xn--mnchen-3ya.de'] },
    });
    expect(connect('https://xn--bcher-kva.example.com')).toMatchObject({
      declaration: { connectDomains: ['https://xn--bcher-kva.example.com'] },
    });
  });

  it('a wildcard on a registrable domain of a private suffix, and a site under one', () => {
    expect(connect('https://*.someone.github.io').ok).toBe(true);
    expect(connect('https://someone.github.io').ok).toBe(true);
  });

  it('an empty object, an empty csp, one field alone', () => {
    for (const text of ['{}', '{"csp":{}}', '{"csp":{"resourceDomains":["https://img.example.com"]}}'])
      expect(parseRoomJson(text, RULES).ok).toBe(true);
  });

  it(`${MAX_NETWORK_ENTRIES} entries in each list`, () => {
    const hosts = Array.from({ length: MAX_NETWORK_ENTRIES }, (_, i) => `https://h${i}.example.com`);
    expect(parseRoomJson(room(hosts, hosts), RULES).ok).toBe(true);
  });
});

describe('parseRoomJson refuses, naming the entry', () => {
  it.each([
    ['http://api.example.com', 'only https:// and wss://'],
    ['ftp://api.example.com', 'only https:// and wss://'],
    ['ws://api.example.com', 'only https:// and wss://'],
    ['data:text/plain,x', 'write an origin'],
    ['api.example.com', 'write an origin'],
    ['//api.example.com', 'write an origin'],
    [' https://api.example.com', 'write an origin'],
    ['https://api.example.com/', 'paths'],
    ['https://api.example.com/v1', 'paths'],
    ['https://api.example.com?x=1', 'paths'],
    ['https://api.example.com#x', 'paths'],
    ['https://user:pw@api.example.com', 'user names'],
    ['https://api.example.com:0', 'port'],
    ['https://api.example.com:65536', 'port'],
    ['https://api.example.com:08080', 'port'],
    ['https://api.example.com:', 'port'],
    ['https://api.example.com:*', 'port'],
    ['https://*', 'one leading "*."'],
    ['https://*.', 'not a valid host'],
    ['https://*.*.example.com', 'one leading "*."'],
    ['https://api.*.example.com', 'one leading "*."'],
    ['https://a*.example.com', 'one leading "*."'],
    ['https://', 'not a valid host'],
    ['https://exa mple.com', 'not a valid host'],
    ['https://api_x.example.com', 'not a valid host'],
    ['https://api.example.com;script-src', 'not a valid host'],
    ["https://api.example.com'", 'not a valid host'],
    ['https://-api.example.com', 'not a valid host'],
    ['https://api.example.com.', 'not a valid host'],
    ['https://api..example.com', 'not a valid host'],
    ['https://%61pi.example.com', 'not a valid host'],
    ['https://api\\.example.com', 'not a valid host'],
    [`https://${'a'.repeat(64)}.example.com`, 'not a valid host'],
    ['https://127.0.0.1', 'IP addresses'],
    ['https://10.0.0.1:8443', 'IP addresses'],
    ['https://0x7f.1', 'IP addresses'],
    ['https://2130706433', 'IP addresses'],
    ['https://[::1]', 'IP addresses'],
    ['https://[fd00::1]:443', 'IP addresses'],
    ['https://localhost', 'localhost'],
    ['https://api.localhost', '.localhost'],
    ['https://*.localhost', '.localhost'],
    ['https://printer.local', '.local'],
    ['https://db.corp.internal', '.internal'],
    ['https://nas.lan', '.lan'],
    ['https://router.home.arpa', '.home.arpa'],
    ['https://1.0.0.127.in-addr.arpa', '.arpa'],
    ['https://x.test', '.test'],
    ['https://intranet', 'single-label'],
    ['https://api.notarealtld', 'not under a known public top-level domain'],
    ['https://127.0.0.1.nip.io', 'nip.io resolves names to any address'],
    ['https://*.nip.io', 'nip.io'],
    ['https://10-0-0-1.sslip.io', 'sslip.io'],
    ['https://app.lvh.me', 'lvh.me'],
    ['https://x.localtest.me', 'localtest.me'],
    ['https://com', 'single-label'],
    ['https://*.com', 'public suffix'],
    ['https://*.co.uk', 'public suffix'],
    ['https://*.github.io', 'public suffix'],
    ['https://*.vercel.app', 'public suffix'],
    ['https://github.io', 'public suffix'],
    ['https://co.uk', 'public suffix'],
    ['https://room.example.org', "this Room's own sites"],
    ['https://ROOM.example.org:8443', "this Room's own sites"],
    ['https://*.example.org', "this Room's own sites"],
    ['https://app1.frames.example.org', "this Room's own sites"],
    ['https://*.frames.example.org', "this Room's own sites"],
    ['https://*.x.frames.example.org', "this Room's own sites"],
    ['wss://a.sp.example.net', "this Room's own sites"],
    ['https://*.example.net', "this Room's own sites"],
  ])('%j (%s)', (entry, why) => refusedEntry(entry, why));

  it('wss in resourceDomains', () =>
    refusedEntry('wss://img.example.com', 'belongs in connectDomains', RULES, 'resource'));

  it('the same rules on resourceDomains', () => {
    refusedEntry('https://img.example.com/pic.png', 'paths', RULES, 'resource');
    refusedEntry('https://*.github.io', 'public suffix', RULES, 'resource');
    refusedEntry('https://localhost', 'localhost', RULES, 'resource');
  });

  it('an entry listed twice, also once normalised', () => {
    const e = refused(room(['https://api.example.com', 'HTTPS://API.EXAMPLE.COM']));
    expect(e.message).toContain('listed twice');
    expect(e.detail).toMatchObject({ index: 1, entry: 'HTTPS://API.EXAMPLE.COM' });
  });

  it('names the index of the bad entry among good ones', () => {
    const e = refused(room(['https://a.example.com', 'https://b.example.com', 'https://*.com']));
    expect(e.detail).toEqual({ field: 'csp.connectDomains', index: 2, entry: 'https://*.com' });
  });

  it(`more than ${MAX_NETWORK_ENTRIES} entries`, () => {
    const hosts = Array.from({ length: MAX_NETWORK_ENTRIES + 1 }, (_, i) => `https://h${i}.example.com`);
    expect(refused(room(hosts)).message).toContain(`at most ${MAX_NETWORK_ENTRIES}`);
    expect(refused(room([], hosts)).detail).toEqual({ field: 'csp.resourceDomains' });
  });

  it('an entry that is not a string', () => {
    expect(refused(room([42])).message).toContain('csp.connectDomains[0]" must be a string');
    expect(refused(room([], [null])).detail).toMatchObject({ field: 'csp.resourceDomains', index: 0 });
  });
});

describe('parseRoomJson refuses the file shape, naming the field', () => {
  it.each([
    ['{"csp":{},"permissions":{}}', 'unknown field "permissions"', 'permissions'],
    ['{"cps":{}}', 'unknown field "cps"', 'cps'],
    ['{"csp":{"connectDomain":[]}}', 'unknown field "csp.connectDomain"', 'csp.connectDomain'],
    ['{"csp":{"frameDomains":["https://a.example.com"]}}', '"csp.frameDomains"', 'csp.frameDomains'],
    ['{"csp":{"baseUriDomains":[]}}', '"csp.baseUriDomains"', 'csp.baseUriDomains'],
    ['{"csp":[]}', '"csp" must be an object', 'csp'],
    ['{"csp":null}', '"csp" must be an object', 'csp'],
    ['{"csp":{"connectDomains":"https://a.example.com"}}', 'must be an array', 'csp.connectDomains'],
    ['{"csp":{"resourceDomains":{}}}', 'must be an array', 'csp.resourceDomains'],
  ])('%s', (text, why, field) => {
    const e = refused(text);
    expect(e.message).toContain(why);
    expect(e.detail).toMatchObject({ field });
  });

  it.each(['', 'not json', '{"csp":', '[]', 'null', '"csp"', '42'])('%j is not a JSON object', (text) => {
    expect(refused(text).message).toMatch(/room\.json (is not valid JSON|must be a JSON object)/);
  });

  it.each([
    [
      '{"csp":{"connectDomains":["https://a.example.com"],"connectDomains":["https://b.example.com"]}}',
      'connectDomains',
    ],
    ['{"csp":{},"csp":{"connectDomains":["https://b.example.com"]}}', 'csp'],
  ])('a field twice in one object: %s', (text, field) => {
    const e = refused(text);
    expect(e.message).toContain(`"${field}" twice`);
    expect(e.detail).toEqual({ field });
  });

  it('a __proto__ key is an unknown field, not a prototype', () => {
    expect(refused('{"__proto__":{"csp":{}}}').detail).toEqual({ field: '__proto__' });
  });
});

describe('loopback, with ROOM_NETWORK_ALLOW_LOOPBACK only', () => {
  it.each([
    ['http://*.localhost:8080', 'http://*.localhost:8080'],
    ['http://api.localhost:8080', 'http://api.localhost:8080'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['HTTP://API.LOCALHOST:8080', 'http://api.localhost:8080'],
  ])('%s is allowed', (entry, origin) => {
    expect(connect(entry, LOOPBACK)).toEqual({
      ok: true,
      declaration: { connectDomains: [origin], resourceDomains: [] },
    });
    expect(parseRoomJson(room([], [entry]), LOOPBACK).ok).toBe(true);
  });

  it.each(['http://*.localhost:8080', 'http://127.0.0.1:8080', 'http://api.localhost:8080'])(
    '%s is refused without it',
    (entry) => refusedEntry(entry, 'only https:// and wss://'),
  );

  it.each([
    ['http://127.0.0.1:5178', "this server's own"],
    ['http://*.localhost:5178', "this server's own"],
    ['http://app.localhost:5179', "this server's own"],
    ['http://127.0.0.1', 'needs its port'],
    ['http://*.localhost', 'needs its port'],
    ['http://localhost:8080', 'only https:// and wss://'],
    ['http://127.0.0.2:8080', 'only https:// and wss://'],
    ['http://10.0.0.1:8080', 'only https:// and wss://'],
    ['http://a.b.localhost:8080', 'only https:// and wss://'],
    ['http://*.api.localhost:8080', 'only https:// and wss://'],
    ['http://api.example.com:8080', 'only https:// and wss://'],
    ['http://127.0.0.1:8080/x', 'paths'],
    ['https://127.0.0.1:8080', 'IP addresses'],
    ['https://api.localhost:8080', '.localhost'],
  ])('%s is refused even with it (%s)', (entry, why) => refusedEntry(entry, why, LOOPBACK));

  it('the server port is refused even when no own origin names it', () => {
    refusedEntry('http://127.0.0.1:5178', "this server's own", { ...LOOPBACK, ownOrigins: [] });
  });
});

describe('readNetworkDeclaration and networkDeclarationOf', () => {
  const ok = { 'room.json': room(['https://api.example.com']), 'src/App.tsx': 'export default 1' };
  it('an app without room.json declares nothing', () => {
    expect(readNetworkDeclaration({ 'src/App.tsx': '' }, RULES)).toEqual({
      ok: true,
      declaration: { connectDomains: [], resourceDomains: [] },
    });
    expect(readNetworkDeclaration(null, RULES).ok).toBe(true);
  });

  it('reads room.json at the root only', () => {
    expect(networkDeclarationOf(ok, RULES).connectDomains).toEqual(['https://api.example.com']);
    expect(networkDeclarationOf({ 'src/room.json': ok['room.json'] }, RULES).connectDomains).toEqual([]);
  });

  it('a declaration that no longer passes (a host that became the Room’s own) grants nothing', () => {
    const rules = { ...RULES, ownOrigins: ['https://api.example.com'] };
    expect(readNetworkDeclaration(ok, rules).ok).toBe(false);
    expect(networkDeclarationOf(ok, rules)).toEqual({ connectDomains: [], resourceDomains: [] });
  });
});
