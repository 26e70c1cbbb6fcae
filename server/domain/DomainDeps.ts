import type { Store } from '../store/Store.ts';
import type { EventBus } from './EventBus.ts';
import type { RateLimiter } from './RateLimiter.ts';

/** What domain operations need beyond their arguments; no HTTP or MCP in here. */
export interface DomainDeps {
  store: Store;
  bus: EventBus;
  now: () => number;
  proposalLimiter: RateLimiter;
}
