import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from './fixtures.ts';
import { loopbackClient } from './mcpOAuthClient.ts';

// A stock MCP SDK client configured with a client metadata URL (CIMD): it never registers. Its document is
// served over https from this machine (the e2e server runs with ROOM_OAUTH_CIMD_ALLOW_LOOPBACK=1).

/** An https server on 127.0.0.1 with a throwaway self-signed certificate, serving `answer(path)`. */
async function documentServer(answer: (path: string) => object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cimd-e2e-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat(
      ['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ['-addext', 'subjectAltName=IP:127.0.0.1'],
    ),
    { stdio: 'ignore' },
  );
  const hits: string[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(answer(req.url ?? '')));
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('an MCP SDK client with a client metadata URL connects through CIMD and consent, without registering', async ({
  ownerPage,
  demoRoomId,
  baseURL,
}) => {
  test.setTimeout(60_000);
  let redirectUrl = '';
  const docs = await documentServer((p) => ({
    // The mismatched document names another URL than its own.
    client_id: p === '/mismatched.json' ? `${docs.base}/client.json` : `${docs.base}${p}`,
    client_name: 'CIMD Agent',
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  }));
  const clientMetadataUrl = `${docs.base}/client.json`;
  const loopback = await loopbackClient('CIMD Agent', { clientMetadataUrl });
  redirectUrl = loopback.redirectUrl;
  const mcpUrl = new URL('/api/v1/external-mcp', baseURL);
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: loopback.provider });
  const client = new Client({ name: 'cimd-e2e', version: '1.0.0' });
  await client.connect(transport);
  const readRoom = { name: 'read_room', arguments: { room_id: demoRoomId } };
  await expect(client.callTool(readRoom)).rejects.toBeInstanceOf(UnauthorizedError);
  // The SDK saw the server's CIMD support and used the URL as its client_id: no registration.
  expect(loopback.state.client?.client_id).toBe(clientMetadataUrl);
  const authorizationUrl = loopback.state.authorizationUrl as URL;
  expect(authorizationUrl.searchParams.get('client_id')).toBe(clientMetadataUrl);
  expect(docs.hits).toEqual([]);

  await ownerPage.goto(authorizationUrl.href);
  await expect(ownerPage.getByRole('heading', { name: 'Connect an app to Rooms?' })).toBeVisible();
  await expect(ownerPage.getByText(new URL(docs.base).host, { exact: true }).first()).toBeVisible();
  await expect(ownerPage.getByText('(verified: its client document is published there)')).toBeVisible();
  await expect(ownerPage.getByText('(self-declared)')).toBeVisible();
  await expect(ownerPage.getByText('unverified')).toHaveCount(0);
  expect(docs.hits).toEqual(['/client.json']);
  await ownerPage.screenshot({ path: test.info().outputPath('cimd-consent.png'), fullPage: true });
  const code = loopback.nextCode();
  await ownerPage.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(ownerPage.getByText('Signed in: you may close this window')).toBeVisible();
  await transport.finishAuth(await code);
  const read = await client.callTool(readRoom);
  expect(read.isError, JSON.stringify(read.content)).toBeFalsy();
  expect(JSON.stringify(read.content)).toContain('Demo room');
  // Connected lists it under its self-declared name.
  await ownerPage.goto(`/rooms/${demoRoomId}/connected`);
  await expect(
    ownerPage.getByRole('region', { name: 'Connected apps' }).getByText('CIMD Agent'),
  ).toBeVisible();

  // A document that names another client_id: our error page, no Allow, nothing sent back to the app.
  const mismatched = new URL(authorizationUrl);
  mismatched.searchParams.set('client_id', `${docs.base}/mismatched.json`);
  await ownerPage.goto(mismatched.href);
  await expect(ownerPage.getByRole('heading', { name: 'Cannot connect this app' })).toBeVisible();
  await expect(ownerPage.getByText('names another client_id than its own URL')).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: 'Allow', exact: true })).toHaveCount(0);
  await client.close();
  await loopback.close();
  await docs.close();
});
