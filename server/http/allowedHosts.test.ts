import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';

let s: TestServer;
let port: string;

beforeAll(async () => {
  s = await startTestServer({
    env: {
      ROOM_PUBLIC_URL: 'https://rooms.example',
      ROOM_ALLOWED_HOSTS: 'lb.internal:8080, Health.Internal',
      ROOM_DEV_ORIGIN: 'http://devbox.lan:5173',
    },
  });
  port = new URL(s.url).port;
});
afterAll(async () => s.close());

interface Answer {
  status: number;
  type: string;
  text: string;
}

/** One request to the test server carrying the given Host header, as a rebinding page's browser sends it. */
function send(host: string, path: string, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          host,
          authorization: `Bearer ${s.ownerToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const roomCount = async () => JSON.parse((await send(`127.0.0.1:${port}`, '/api/rooms')).text).rooms.length;

describe('a foreign Host (DNS rebinding)', () => {
  const foreign = () => ['rebound.example', `rebound.example:${port}`, `127.0.0.1.rebound.example:${port}`];

  it('gets 421 with JSON naming the variable to set on /api and /npm', async () => {
    for (const host of foreign())
      for (const path of ['/api/rooms', '/api/me', '/npm/react', '/.well-known/oauth-protected-resource']) {
        const r = await send(host, path);
        expect(r.status, `${host} ${path}`).toBe(421);
        expect(r.type).toMatch(/^application\/json/);
        const body = JSON.parse(r.text);
        expect(body.code).toBe('misdirected_request');
        expect(body.message).toContain('ROOM_ALLOWED_HOSTS');
        expect(body.message).toContain('ROOM_PUBLIC_URL');
      }
  });

  it('cannot write: a POST is refused before it reaches the route', async () => {
    const before = await roomCount();
    const r = await send(`rebound.example:${port}`, '/api/rooms', 'POST', '{"name":"Rebound"}');
    expect(r.status).toBe(421);
    expect(await roomCount()).toBe(before);
  });

  it('gets a plain-text 421 for the shell pages', async () => {
    for (const host of foreign())
      for (const path of ['/', '/rooms/x', '/assets/index.js']) {
        const r = await send(host, path);
        expect(r.status, `${host} ${path}`).toBe(421);
        expect(r.type).toMatch(/^text\/plain/);
        expect(r.text).toContain('ROOM_ALLOWED_HOSTS');
      }
  });

  it('still gets /healthz (load balancers and probes use any name)', async () => {
    for (const host of foreign()) {
      const r = await send(host, '/healthz');
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text)).toEqual({ ok: true });
    }
  });

  it('refuses look-alikes and malformed names', async () => {
    for (const host of [
      'rooms.example.evil',
      'evil-rooms.example',
      'rooms.example@evil.example',
      'lb.internal:8081',
      'lb.internal',
      'devbox.lan:5174',
      `a.b.localhost:${port}`,
      `localhost.evil:${port}`,
      `127.0.0.2:${port}`,
      `0.0.0.0:${port}`,
      ' ',
    ]) {
      const r = await send(host, '/api/rooms');
      expect(r.status, host).toBe(421);
    }
  });

  it('refuses a request without any Host header (HTTP/1.0)', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /api/rooms HTTP/1.0\r\nAuthorization: Bearer ${s.ownerToken}\r\n\r\n`),
      );
      socket.setEncoding('utf8');
      socket.on('data', (c) => {
        text += c;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.\d 421 /);
  });
});

describe('the server’s own hosts', () => {
  it('answers the public host (with or without its default port), loopback on any port, the dev origin and ROOM_ALLOWED_HOSTS', async () => {
    for (const host of [
      'rooms.example',
      'ROOMS.EXAMPLE',
      'rooms.example:443',
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LocalHost:${port}`,
      `[::1]:${port}`,
      // Vite's dev proxy and the CLI's test proxy forward the Host of their own loopback port.
      '127.0.0.1:5173',
      'localhost',
      'devbox.lan:5173',
      'lb.internal:8080',
      'health.internal',
      'health.internal:9000',
    ]) {
      const r = await send(host, '/api/rooms');
      expect(r.status, host).toBe(200);
      expect(JSON.parse(r.text).rooms).toBeInstanceOf(Array);
    }
  });

  it('serves /npm on its own host (not refused)', async () => {
    const r = await send(`127.0.0.1:${port}`, '/npm/');
    expect(r.status).not.toBe(421);
  });

  it('serves app frame and Sandpack hosts as before', async () => {
    for (const host of [`app1.localhost:${port}`, `app1-sp.localhost:${port}`]) {
      const r = await send(host, '/');
      expect(r.status, host).not.toBe(421);
    }
  });

  it('logs a refused request as such', async () => {
    await send('rebound.example', '/api/rooms');
    expect(s.logs.at(-1)).toMatchObject({ host: 'refused', path: '/api/rooms', status: 421 });
  });
});
