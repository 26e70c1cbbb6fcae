import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, test } from './fixtures.ts';

/** A loopback listener standing in for a native app's redirect, on `host` (127.0.0.1 or ::1). */
async function listener(host: string, port: number) {
  const server = http.createServer((req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end(`got ${new URL(req.url ?? '/', 'http://x').searchParams.has('code') ? 'a code' : 'nothing'}`);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}

// RFC 8252 §7.3 and the README allow http://[::1] redirects; the consent CSP must let Allow reach it.
for (const [name, host, port] of [
  ['127.0.0.1', '127.0.0.1', 5652],
  ['[::1]', '::1', 5653],
] as const) {
  test(`Allow reaches a loopback redirect on ${name}`, async ({ ownerPage: page, baseURL }) => {
    const redirect = `http://${name}:${port}/cb`;
    const server = await listener(host, port);
    try {
      const reg = await (
        await fetch(`${baseURL}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_name: `loopback ${name}`, redirect_uris: [redirect] }),
        })
      ).json();
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: reg.client_id,
        redirect_uri: redirect,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 's',
      });
      const logs: string[] = [];
      page.on('console', (m) => logs.push(m.text()));
      await page.goto(`/oauth/authorize?${params}`);
      await page.getByRole('button', { name: 'Allow', exact: true }).click();
      await expect(page.getByText('got a code'), logs.join('\n')).toBeVisible({ timeout: 10_000 });
    } finally {
      server.close();
    }
  });
}
