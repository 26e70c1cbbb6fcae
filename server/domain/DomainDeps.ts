import type { NetworkRules } from '../../validation/networkDeclaration.ts';
import type { NpmCache } from '../npm/NpmCache.ts';
import type { OAuthStore } from '../store/OAuthStore.ts';
import type { Store } from '../store/Store.ts';
import type { EventBus } from './EventBus.ts';
import type { Limiter } from './RateLimiter.ts';

/** What domain operations need beyond their arguments; no HTTP or MCP in here. */
export interface DomainDeps {
  store: Store;
  bus: EventBus;
  now: () => number;
  proposalLimiter: Limiter;
  /** Pins an app's npm dependencies to exact versions at proposal time (the Sandpack fallback). */
  npm?: NpmCache;
  /** False: approved apps with packages run in Sandpack, as before pre-bundling (default true). */
  packageBundles?: boolean;
  /** What room.json is checked against (the deployment's own sites, the loopback setting); none: no own sites, no loopback. */
  network?: NetworkRules;
}

/** What the OAuth authorization server's operations need: the domain's deps and its own store. */
export interface OAuthDeps extends DomainDeps {
  /** Clients, grants, codes and tokens of the OAuth authorization server. */
  oauth: OAuthStore;
}
