import type { Config } from './config.ts';
import { EventBus } from './domain/EventBus.ts';
import { RateLimiter } from './domain/RateLimiter.ts';
import type { Deps } from './http/Router.ts';
import { SqlOAuthStore } from './store/SqlOAuthStore.ts';
import { SqlRateLimiter } from './store/SqlRateLimiter.ts';
import type { SqlStore } from './store/SqlStore.ts';

/** What the server runs on, from its store and config: the one wiring server/main.ts and the tests share. */
export function composeDeps(input: {
  store: SqlStore;
  config: Config;
  now?: () => number;
  bus?: EventBus;
}): Deps {
  const { store, config } = input;
  return {
    store,
    oauth: new SqlOAuthStore(store.db),
    config,
    now: input.now ?? Date.now,
    bus: input.bus ?? new EventBus(),
    // On PostgreSQL the rate limit is counted in the database, shared by every server on it.
    proposalLimiter:
      store.engine === 'postgres'
        ? new SqlRateLimiter(store.db, config.proposalsPerMinute, 60_000)
        : new RateLimiter(config.proposalsPerMinute, 60_000),
    packageBundles: config.packageBundles,
  };
}
