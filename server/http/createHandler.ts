import type { IncomingMessage, ServerResponse } from 'node:http';
import { frameHostMatcher, networkRules, sandpackHostMatcher } from '../config.ts';
import { NpmCache } from '../npm/NpmCache.ts';
import { RegistryCapabilities } from '../npm/registryCapability.ts';
import { REGISTRY_PATH, serveRegistry } from '../npm/serveRegistry.ts';
import { allowedHostMatcher, refuseHost } from './allowedHosts.ts';
import { apiRoutes } from './apiRoutes.ts';
import { serveFrame } from './frameHost.ts';
import type { Deps } from './Router.ts';
import { sendError, toWireError } from './respond.ts';
import { serveSandpack } from './sandpackHost.ts';
import { serveShell } from './shellHost.ts';

/** One request handler for the shell's host and every app's frame host; it never throws. */
export function createHandler(deps: Deps, log: (line: object) => void = logLine) {
  const api = apiRoutes();
  const appKeyOf = frameHostMatcher(deps.config);
  const sandpackKeyOf = sandpackHostMatcher(deps.config);
  const isAllowedHost = allowedHostMatcher(deps.config);
  // One npm cache per server: the registry route and proposals' version pinning share it.
  deps.npm ??= new NpmCache({ dir: deps.config.npmCacheDir, offline: deps.config.npmOffline });
  deps.registry ??= new RegistryCapabilities(deps.store);
  deps.network ??= networkRules(deps.config);
  const capabilities = deps.registry;
  const registryBase = `${deps.config.publicUrl}${REGISTRY_PATH}`;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const hostHeader = req.headers.host ?? '';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://x');
    } catch {
      url = new URL('http://x/');
    }
    const sandpack = sandpackKeyOf(hostHeader);
    const app = sandpack ? undefined : appKeyOf(hostHeader);
    // DNS rebinding: a page on a foreign name resolved to us must not reach the API; health checks may.
    const refused = !sandpack && !app && url.pathname !== '/healthz' && !isAllowedHost(hostHeader);
    try {
      const params: Record<string, string> = app ? { app } : {};
      const ctx = { req, res, url, deps, params };
      if (refused) refuseHost(res, url.pathname, hostHeader);
      else if (sandpack) await serveSandpack(ctx);
      else if (app) await serveFrame(ctx);
      else if (url.pathname.startsWith(REGISTRY_PATH) && deps.npm)
        await serveRegistry(req, res, url, {
          cache: deps.npm,
          store: deps.store,
          capabilities,
          base: registryBase,
        });
      else if (!(await api.handle(ctx))) {
        // Clients' metadata discovery parses these as JSON: never the shell's HTML.
        if (/^\/(api|\.well-known|oauth)\//.test(url.pathname))
          sendError(res, { code: 'not_found', message: `No route ${url.pathname}` });
        else await serveShell(ctx);
      }
    } catch (err) {
      const wire = toWireError(err);
      if (wire.code === 'internal') log({ level: 'error', error: String((err as Error)?.stack ?? err) });
      if (!res.headersSent) sendError(res, wire);
      else res.destroy();
    } finally {
      // No query strings: sign-in links carry tokens.
      log({
        t: new Date().toISOString(),
        method: req.method,
        host: refused ? 'refused' : sandpack ? 'sandpack' : app ? 'frame' : 'shell',
        path: url.pathname,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}

function logLine(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
