import { CodedError } from '../../validation/errorCodes.ts';
import type { Ctx } from './Router.ts';

/**
 * Refuses a request that did not come from the shell's own pages: an `Origin` other than the shell's
 * (or a dev origin), or `Sec-Fetch-Site: cross-site`/`same-site` (an app's site may share the shell's
 * registrable domain). `requireOrigin: false` lets a request without `Origin` through (no browser sends
 * a POST without one; scripts and test clients do).
 */
export function checkSameOrigin(ctx: Ctx, opts: { requireOrigin: boolean }): void {
  const { origin } = ctx.req.headers;
  const site = ctx.req.headers['sec-fetch-site'];
  const { publicUrl, devOrigins } = ctx.deps.config;
  const refuse = (reason: string): never => {
    throw new CodedError('forbidden', 'Cross-site request refused', { reason });
  };
  if (origin === undefined) {
    if (opts.requireOrigin) refuse('The request has no Origin header');
  } else if (origin !== new URL(publicUrl).origin && !devOrigins.includes(origin))
    refuse(`The request comes from ${origin}`);
  if (site === 'cross-site') refuse('The browser sent this request from another site');
  if (site === 'same-site' && !(origin && devOrigins.includes(origin)))
    refuse('The browser sent this request from another origin of this site');
}
