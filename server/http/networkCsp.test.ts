import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOnHost } from '../../test-support/requestOnHost.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { readConfig } from '../config.ts';
import { frameCsp } from './frameHost.ts';
import { networkSources } from './networkSources.ts';

describe('networkSources', () => {
  const config = readConfig({
    PORT: '5178',
    ROOM_PUBLIC_URL: 'https://room.example.com',
    ROOM_FRAME_URL: 'https://{app}.frames.example.com',
    ROOM_SANDPACK_URL: 'https://{app}.sp.example.org',
  });
  const connect = (...hosts: string[]) =>
    networkSources(config, { connectDomains: hosts, resourceDomains: [] }).connect;

  it('keeps https and wss origins of DNS names, rebuilt from their parts', () => {
    expect(
      connect('https://api.weather.test', 'wss://live.example.net:8443', 'https://*.cdn.example.net'),
    ).toEqual(['https://api.weather.test', 'wss://live.example.net:8443', 'https://*.cdn.example.net']);
    expect(connect('HTTPS://API.Weather.Test/')).toEqual(['https://api.weather.test']);
  });

  it('drops what is not an origin or could smuggle a directive', () => {
    expect(
      connect(
        'https://a.example.net/path',
        'https://a.example.net?x',
        'https://u:p@a.example.net',
        "https://a.example.net; script-src 'unsafe-inline'",
        'https://a.example.net https://b.example.net',
        '*',
        'https:',
        'http://a.example.net',
        'ftp://a.example.net',
        'https://1.2.3.4',
        'https://[::1]',
        'https://intranet',
        'https://printer.local',
        'https://db.internal',
        'https://localhost',
        'https://x.localhost',
      ),
    ).toEqual([]);
  });

  it("drops this deployment's own hosts and any wildcard covering one", () => {
    expect(
      connect(
        'https://room.example.com',
        'https://*.example.com',
        'https://app1.frames.example.com',
        'https://*.frames.example.com',
        'https://*.sp.example.org',
        'https://x.sp.example.org',
        'https://*.example.org',
      ),
    ).toEqual([]);
    expect(connect('https://frames.example.com', 'https://other.example.com')).toEqual([
      'https://frames.example.com',
      'https://other.example.com',
    ]);
  });

  it('takes loopback only under ROOM_NETWORK_ALLOW_LOOPBACK, never on a port of this server', () => {
    const hosts = ['http://127.0.0.1:5199', 'http://api.localhost:5199', 'http://*.localhost:5199'];
    expect(connect(...hosts)).toEqual([]);
    const loopback = readConfig({ PORT: '5178', ROOM_NETWORK_ALLOW_LOOPBACK: '1' });
    const allowed = (...h: string[]) =>
      networkSources(loopback, { connectDomains: h, resourceDomains: [] }).connect;
    expect(allowed(...hosts)).toEqual(hosts);
    expect(
      allowed(
        'http://127.0.0.1:5178',
        'http://*.localhost:5178',
        'http://app1.localhost:5178',
        'http://127.0.0.1',
        'http://127.0.0.2:5199',
        'https://127.0.0.1:5199',
        'http://*.127.0.0.1:5199',
      ),
    ).toEqual([]);
  });
});

it('puts resource hosts in img, font, media and style sources only, never scripts, frames or workers', () => {
  const config = readConfig({ PORT: '5178' });
  const csp = frameCsp(config, {
    connect: ['https://api.example.net'],
    resource: ['https://img.example.net'],
  });
  const directive = (name: string) => new RegExp(`(^|; )${name} ([^;]*)`).exec(csp)?.[2] ?? '';
  for (const d of ['img-src', 'font-src', 'media-src', 'style-src'])
    expect(directive(d)).toContain('https://img.example.net');
  expect(directive('connect-src')).toBe('https://api.example.net');
  for (const d of ['script-src', 'frame-src', 'child-src', 'worker-src', 'default-src', 'object-src'])
    expect(directive(d), d).not.toMatch(/example\.net/);
});

describe('the frame document CSP follows the approved current version', () => {
  let s: TestServer;
  let roomId = '';
  beforeAll(async () => {
    s = await startTestServer({ env: { ROOM_NETWORK_ALLOW_LOOPBACK: '1' } });
    roomId = ((await api('POST', '/api/rooms', { name: 'Network' })).room as { id: string }).id;
  }, 60_000);
  afterAll(async () => s.close());

  async function api(method: string, pathname: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${s.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${pathname}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  }

  const files = (connectDomains: string[]) => ({
    'src/App.tsx': 'export default function App() { return <p>hi</p>; }\n',
    'room.json': JSON.stringify({ csp: { connectDomains, resourceDomains: [] } }),
  });

  async function propose(name: string, connectDomains: string[], key: string): Promise<string> {
    const { proposal } = await api('POST', `/api/rooms/${roomId}/proposals`, {
      name,
      files: files(connectDomains),
      idempotency_key: key,
    });
    return (proposal as { id: string }).id;
  }

  async function frameUrl(appId: string): Promise<string> {
    const { apps } = (await api('GET', `/api/rooms/${roomId}`)) as {
      apps: { id: string; frame_url: string }[];
    };
    return apps.find((a) => a.id === appId)?.frame_url ?? '';
  }

  async function connectSrc(url: string): Promise<string> {
    const u = new URL(url);
    const reply = await requestOnHost(u.port, u.host, `${u.pathname}${u.search}`, { method: 'GET' });
    return /connect-src [^;]*/.exec(reply.headers['content-security-policy'] as string)?.[0] ?? '';
  }

  it('grants an approved declaration, not a pending update, and restores the old set on rollback', async () => {
    const first = await propose('Weather', ['http://127.0.0.1:5999'], 'network-1');
    const { app } = await api('POST', `/api/rooms/${roomId}/proposals/${first}/approve`);
    const appId = (app as { id: string }).id;
    const v1 = await frameUrl(appId);
    expect(v1).toMatch(/\?net=/);
    expect(await connectSrc(v1)).toBe('connect-src http://127.0.0.1:5999');
    // A URL without (or with another) grant name fails closed.
    expect(await connectSrc(v1.replace(/\?.*/, ''))).toBe("connect-src 'none'");
    // The app's Sandpack site answers the same grant; scripts and frames stay its own.
    const port = new URL(s.url).port;
    const sandpack = await requestOnHost(port, `${appId}-sp.localhost:${port}`, '/', { method: 'GET' });
    const csp = sandpack.headers['content-security-policy'] as string;
    expect(csp).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:5999(;|$)/);
    expect(/script-src [^;]*/.exec(csp)?.[0]).not.toContain('5999');
    expect(/frame-src [^;]*/.exec(csp)?.[0]).not.toContain('5999');

    const update = await propose('Weather', ['http://127.0.0.1:5999', 'http://127.0.0.1:5998'], 'network-2');
    expect(await frameUrl(appId)).toBe(v1);
    expect(await connectSrc(v1)).toBe('connect-src http://127.0.0.1:5999');

    await api('POST', `/api/rooms/${roomId}/proposals/${update}/approve`);
    const v2 = await frameUrl(appId);
    expect(v2).not.toBe(v1);
    expect(await connectSrc(v2)).toBe('connect-src http://127.0.0.1:5999 http://127.0.0.1:5998');
    expect(await connectSrc(v1)).toBe("connect-src 'none'");

    await api('POST', `/api/rooms/${roomId}/apps/${appId}/rollback`, { version: 1 });
    expect(await frameUrl(appId)).toBe(v1);
    expect(await connectSrc(v1)).toBe('connect-src http://127.0.0.1:5999');
    expect(await connectSrc(v2)).toBe("connect-src 'none'");
  });

  it('grants a declined declaration nothing, and app B none of app A', async () => {
    const declined = await propose('Declined', ['http://127.0.0.1:5997'], 'network-3');
    await api('POST', `/api/rooms/${roomId}/proposals/${declined}/decline`, { reason: 'no' });
    const plain = await propose('Plain', [], 'network-4');
    const { app } = await api('POST', `/api/rooms/${roomId}/proposals/${plain}/approve`);
    const url = await frameUrl((app as { id: string }).id);
    expect(url).not.toMatch(/\?/);
    expect(await connectSrc(url)).toBe("connect-src 'none'");
    const weather = await frameUrl(
      ((await api('GET', `/api/rooms/${roomId}`)) as { apps: { id: string; name: string }[] }).apps.find(
        (a) => a.name === 'Weather',
      )?.id ?? '',
    );
    // App B asking with app A's grant name gets nothing.
    expect(await connectSrc(`${url}${new URL(weather).search}`)).toBe("connect-src 'none'");
  });
});
