import type { EventBus } from './EventBus.ts';

// Not a room id (those are `r…`): the bus carries this wake-up beside the rooms' ones.
const CHANNEL = '#credentials';

/** Tells open streams that a token was revoked or a session ended: each re-checks its own caller. */
export function credentialsChanged(bus: EventBus): void {
  bus.publish(CHANNEL);
}

export function onCredentialsChanged(bus: EventBus, listener: () => void): () => void {
  return bus.subscribe(CHANNEL, listener);
}
