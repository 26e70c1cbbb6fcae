import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ParamsOf, ResponseOf, RouteKey } from '../../validation/apiRoutes.ts';
import { CodedError } from '../../validation/errorCodes.ts';
import type { Config } from '../config.ts';
import type { OAuthDeps } from '../domain/DomainDeps.ts';
import type { NetworkGrants } from '../domain/NetworkGrants.ts';
import type { RegistryCapabilities } from '../npm/registryCapability.ts';
import { sendJson } from './respond.ts';

/** What every handler gets: the request, its parsed URL and path parameters, and the app's services. */
export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  deps: Deps;
}

export interface Deps extends OAuthDeps {
  config: Config;
  /** Signs each approved app's path into the npm registry route. */
  registry?: RegistryCapabilities;
  /** Each app's approved network hosts, kept per version (its frame documents' CSP). */
  networkGrants?: NetworkGrants;
}

export type Handler = (ctx: Ctx) => Promise<void>;

/** A JSON answer with a status other than 200 or with headers (a cookie). */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A contract route's handler: it must answer that route's response type (validation/apiRoutes.ts). */
export type RouteHandler<K extends RouteKey> = (
  ctx: Ctx & { params: ParamsOf<K> },
) => Promise<ResponseOf<K> | Reply<ResponseOf<K>>>;

interface Route {
  method: string;
  parts: string[];
  handler: Handler;
}

/** Tiny path router: `/api/rooms/:roomId` style patterns; 405 when the path exists for other methods. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, parts: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  /** A JSON route of the contract, keyed `'METHOD /path/:param'`; its handler returns the typed answer. */
  route<K extends RouteKey>(key: K, handler: RouteHandler<K>): this {
    const space = key.indexOf(' ');
    return this.add(key.slice(0, space), key.slice(space + 1), async (ctx) => {
      const out = await handler(ctx as Ctx & { params: ParamsOf<K> });
      if (out instanceof Reply) sendJson(ctx.res, out.status, out.body, out.headers);
      else sendJson(ctx.res, 200, out);
    });
  }

  /** Runs the matching handler; false when no route has this path. */
  async handle(ctx: Omit<Ctx, 'params'>): Promise<boolean> {
    const segments = ctx.url.pathname.split('/').filter(Boolean);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = match(route.parts, segments);
      if (!params) continue;
      if (route.method !== ctx.req.method && !(route.method === 'GET' && ctx.req.method === 'HEAD')) {
        allowed.push(route.method);
        continue;
      }
      await route.handler({ ...ctx, params });
      return true;
    }
    if (allowed.length) {
      ctx.res.setHeader('allow', allowed.join(', '));
      throw new CodedError('method_not_allowed', `Use ${allowed.join(' or ')} for ${ctx.url.pathname}`);
    }
    return false;
  }
}

function match(parts: string[], segments: string[]): Record<string, string> | undefined {
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const seg = segments[i] as string;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(seg);
      } catch {
        return undefined;
      }
    } else if (part !== seg) return undefined;
  }
  return params;
}
