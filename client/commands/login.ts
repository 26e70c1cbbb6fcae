import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { MCP_PATH } from '../../validation/mcpTools.ts';
import { CredentialsFile, credentialsPath } from '../CredentialsFile.ts';
import { type CliContext, EXIT, type Outcome, UsageError } from '../cliTypes.ts';
import { LoginProvider } from '../LoginProvider.ts';
import { printable } from '../printable.ts';

const SCOPES: Record<string, string> = { read: 'osfoundry:read', write: 'osfoundry:write' };
const LOGIN_MS = 5 * 60 * 1000;

/**
 * `room login [--scopes read,write]`: OAuth sign-in in the browser (authorization code, PKCE, a
 * loopback redirect); the tokens go to the credentials file and the MCP commands use them.
 */
export async function login(ctx: CliContext): Promise<Outcome> {
  const base = ctx.client.baseUrl;
  const scope = ctx.values.scopes
    ?.split(',')
    .map((s) => SCOPES[s.trim()] ?? s.trim())
    .join(' ');
  if (scope?.split(' ').some((s) => !Object.values(SCOPES).includes(s)))
    throw new UsageError('--scopes takes read and write, separated by commas');
  const file = new CredentialsFile(credentialsPath(ctx.io.env));
  const state = randomBytes(16).toString('base64url');
  const loopback = await listenForCode(state);
  try {
    const provider = new LoginProvider(file, base, {
      redirectUrl: loopback.redirectUrl,
      state,
      open: (url) => openBrowser(ctx, url),
    });
    // A new sign-in, not a refresh of the old one.
    file.update(base, { tokens: undefined });
    const serverUrl = new URL(base + MCP_PATH);
    if ((await auth(provider, { serverUrl, scope })) === 'REDIRECT') {
      const authorizationCode = await loopback.code;
      await auth(provider, { serverUrl, authorizationCode });
    }
    const granted = provider.tokens()?.scope ?? '';
    return {
      exit: EXIT.ok,
      text: `Signed in to ${printable(base)} (${printable(granted)}). Tokens kept in ${printable(file.file)} (owner-only).`,
      json: { ok: true, scope: granted, credentials: file.file },
    };
  } finally {
    loopback.close();
  }
}

/** A one-shot loopback listener (RFC 8252) on a free port: the code the browser brings back, with our state. */
async function listenForCode(state: string) {
  let settle: { resolve: (code: string) => void; reject: (err: Error) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    const ok = url.searchParams.get('state') === state && url.searchParams.get('code');
    const error = url.searchParams.get('error');
    res
      .writeHead(ok ? 200 : 400, { 'content-type': 'text/plain; charset=utf-8' })
      .end(ok ? 'Signed in to Rooms: you can close this tab.' : 'Not signed in: see the terminal.');
    if (ok) settle?.resolve(url.searchParams.get('code') as string);
    else if (url.searchParams.get('state') === state)
      settle?.reject(
        new Error(error === 'access_denied' ? 'Sign-in denied' : `Sign-in failed: ${error ?? 'no code'}`),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const timer = setTimeout(() => settle?.reject(new Error('No sign-in within 5 minutes')), LOGIN_MS);
  return {
    redirectUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    code,
    close: () => {
      clearTimeout(timer);
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Prints the sign-in URL, and opens it in the browser unless ROOM_NO_BROWSER is set (no shell involved). */
function openBrowser(ctx: CliContext, url: URL): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('The server gave a sign-in address that is not http(s)');
  ctx.io.stderr(`Open this address to sign in: ${url.href}`);
  if (ctx.io.env.ROOM_NO_BROWSER) return;
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url.href]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url.href]]
        : ['xdg-open', [url.href]];
  spawn(command, args as string[], { stdio: 'ignore', detached: true })
    .on('error', () => undefined)
    .unref();
}
