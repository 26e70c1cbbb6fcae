/**
 * In-process wake-ups after a room's events committed. Listeners re-read the store with their own
 * visibility filter, so nothing a reader may not see travels through here. On PostgreSQL a relay
 * (PgEventRelay) carries each publish's channel to the other servers and delivers theirs here.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Told of every local publish (the channel: a room id or a fixed name), to pass it on. */
  relay: ((channel: string) => void) | undefined;

  /** The channels someone listens to now. */
  channels(): string[] {
    return [...this.listeners.keys()];
  }

  subscribe(roomId: string, listener: () => void): () => void {
    let set = this.listeners.get(roomId);
    if (!set) {
      set = new Set();
      this.listeners.set(roomId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(roomId);
    };
  }

  publish(roomId: string): void {
    this.deliver(roomId);
    this.relay?.(roomId);
  }

  /** Wakes this process's listeners only (a relay delivering another server's publish). */
  deliver(roomId: string): void {
    for (const listener of this.listeners.get(roomId) ?? []) {
      try {
        listener();
      } catch {
        // One broken listener must not stop the others.
      }
    }
  }

  /** Resolves at the next event in the room or after `ms`, whichever comes first. */
  waitFor(roomId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const off = this.subscribe(roomId, done);
    });
  }
}
