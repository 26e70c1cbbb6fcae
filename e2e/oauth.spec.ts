import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from '@playwright/test';
import { E2E_OWNER_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';
import { loopbackClient } from './mcpOAuthClient.ts';

type Loopback = Awaited<ReturnType<typeof loopbackClient>>;

/** A stock MCP SDK client with an OAuth provider: connects, and signs in when a call gets the 401. */
async function mcpClient(baseURL: string, loopback: Loopback) {
  const url = new URL('/api/v1/external-mcp', baseURL);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: loopback.provider });
  const client = new Client({ name: 'oauth-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, url };
}

/** The person's part in real Chromium: the consent page, write unticked or not, then Allow. */
async function consent(page: Page, loopback: Loopback, opts: { write: boolean }) {
  const url = loopback.state.authorizationUrl;
  if (!url) throw new Error('the client was not sent to authorize');
  await page.goto(url.href);
  await expect(page.getByRole('heading', { name: 'Connect an app to Rooms?' })).toBeVisible();
  await expect(page.getByText('unverified')).toBeVisible();
  await expect(page.getByText(new URL(loopback.redirectUrl).host, { exact: true })).toBeVisible();
  await expect(page.getByText('Read your Rooms and their apps')).toBeVisible();
  const write = page.getByRole('checkbox', { name: 'Propose apps for your review' });
  await expect(write).toBeChecked();
  if (!opts.write) await write.uncheck();
  const code = loopback.nextCode();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page.getByText('Signed in: you may close this window')).toBeVisible();
  return code;
}

async function rawCall(url: URL, token: string, name: string, args: object) {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: args } }),
  });
}

test('a stock MCP client connects with OAuth: discovery, registration, consent, scopes, refresh, Disconnect', async ({
  ownerPage,
  demoRoomId,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL as string;
  const readRoom = { name: 'read_room', arguments: { room_id: demoRoomId } };
  const proposal = {
    name: 'propose_room_snippet_app',
    arguments: {
      room_id: demoRoomId,
      name: `Via OAuth ${Date.now()}`,
      files: { 'src/App.tsx': 'export default function App() {\n  return <p>Hi</p>;\n}\n' },
      idempotency_key: `oauth-e2e-${Date.now()}`,
    },
  };

  // Read only: the call gets the 401, the client discovers, registers and sends the person to consent.
  const reader = await loopbackClient('E2E reader');
  const a = await mcpClient(base, reader);
  await expect(a.client.callTool(readRoom)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(reader.state.client?.client_id).toBeTruthy();
  await a.transport.finishAuth(await consent(ownerPage, reader, { write: false }));
  const read = await a.client.callTool(readRoom);
  expect(read.isError).toBeFalsy();
  expect(JSON.stringify(read.content)).toContain('Demo room');
  expect(reader.state.tokens?.scope).toBe('osfoundry:read');
  const accessBefore = reader.state.tokens?.access_token as string;
  const denied = await rawCall(a.url, accessBefore, proposal.name, proposal.arguments);
  expect(denied.status).toBe(403);
  expect(denied.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  await expect(a.client.callTool(proposal)).rejects.toThrow(/403/);

  // A refresh rotates the refresh token; the old one is refused, and its reuse ends the whole grant.
  const oldRefresh = reader.state.tokens?.refresh_token as string;
  expect(await auth(reader.provider, { serverUrl: a.url })).toBe('AUTHORIZED');
  const rotated = reader.state.tokens?.refresh_token as string;
  expect(rotated).not.toBe(oldRefresh);
  expect((await a.client.callTool(readRoom)).isError).toBeFalsy();
  const reuse = await fetch(new URL('/oauth/token', base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: oldRefresh,
      client_id: reader.state.client?.client_id as string,
    }),
  });
  expect(reuse.status).toBe(400);
  expect((await reuse.json()).error).toBe('invalid_grant');
  expect(
    (await rawCall(a.url, reader.state.tokens?.access_token as string, 'read_room', readRoom.arguments))
      .status,
  ).toBe(401);
  await a.client.close();
  await reader.close();

  // Read and write: a proposal goes through; Disconnect in Connected makes the next call 401.
  const writer = await loopbackClient('E2E writer');
  const b = await mcpClient(base, writer);
  await expect(b.client.callTool(readRoom)).rejects.toBeInstanceOf(UnauthorizedError);
  await b.transport.finishAuth(await consent(ownerPage, writer, { write: true }));
  expect(writer.state.tokens?.scope).toBe('osfoundry:read osfoundry:write');
  const proposed = await b.client.callTool(proposal);
  expect(proposed.isError, JSON.stringify(proposed.content)).toBeFalsy();
  // The review card names the app the proposal came through.
  await ownerPage.goto(`/rooms/${demoRoomId}/review`);
  const card = ownerPage.getByRole('article', { name: proposal.arguments.name });
  await expect(card.getByText('through the app E2E writer (unverified name)')).toBeVisible();
  await ownerPage.goto(`/rooms/${demoRoomId}/connected`);
  const apps = ownerPage.getByRole('region', { name: 'Connected apps' });
  await expect(apps.getByText('E2E writer')).toBeVisible();
  await expect(apps.getByText('E2E reader')).toHaveCount(0);
  await apps.getByRole('button', { name: 'Disconnect E2E writer' }).click();
  // Other specs on the same server may have connected apps of their own.
  await expect(apps.getByRole('button', { name: 'Disconnect E2E writer' })).toHaveCount(0);
  const after = await rawCall(
    b.url,
    writer.state.tokens?.access_token as string,
    'read_room',
    readRoom.arguments,
  );
  expect(after.status).toBe(401);
  // The SDK's own reaction to that 401: its refresh is refused too (the grant is gone).
  await expect(b.client.callTool(readRoom)).rejects.toThrow('The grant was revoked');
  await b.client.close();
  await writer.close();
});

test('the consent page asks a signed-out person to sign in and comes back; a link from another site reaches it signed in', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const loopback = await loopbackClient('E2E sign-in first');
  const { client, transport } = await mcpClient(base, loopback);
  await expect(client.callTool({ name: 'read_room', arguments: { room_id: 'x' } })).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  const authorizationUrl = loopback.state.authorizationUrl?.href as string;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(authorizationUrl);
  await expect(page.getByRole('heading', { name: 'Sign in to Rooms first' })).toBeVisible();
  await page.getByLabel('Your sign-in token').fill(E2E_OWNER_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Connect an app to Rooms?' })).toBeVisible();

  // Opened from a page on another site (the Strict session cookie is not sent on that navigation).
  const other = new URL(loopback.redirectUrl);
  other.hostname = 'localhost';
  other.pathname = '/link';
  await page.route(other.href, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<a href="${authorizationUrl.replaceAll('&', '&amp;')}">Connect</a>`,
    }),
  );
  await page.goto(other.href);
  await page.getByRole('link', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Connect an app to Rooms?' })).toBeVisible();
  const code = loopback.nextCode();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await transport.finishAuth(await code);
  expect((await client.callTool({ name: 'read_room', arguments: { room_id: 'x' } })).isError).toBe(true);
  await context.close();
  await client.close();
  await loopback.close();
});
