/** Message budgets per frame: the frame runtime posts nothing on the window after the handshake. */
export const MESSAGE_BUDGET = {
  /** Window messages a frame may post to the launcher in one second. */
  windowPerSecond: 200,
  /**
   * Window messages a Sandpack bundler frame may post in one second: its own protocol (status, console,
   * resize) and SDK calls travel there; a start posts about 100 in its busiest second.
   */
  sandpackPerSecond: 1000,
  /** Port messages a frame may send in one second (storage calls are bounded separately). */
  portPerSecond: 5000,
  /**
   * Bytes a frame may send in one second, by {@link messageBytes}: far above what the runtime sends (an
   * app's compiled modules, a 1 MB stored value, a 5 MB file to save), far below what stalls the launcher.
   */
  bytesPerSecond: 32 * 1024 * 1024,
} as const;

/** Counts messages (or bytes) in fixed one-second windows; `hit` says when the budget is spent. */
export class MessageFlood {
  private windowStart = 0;
  private count = 0;

  constructor(private readonly perSecond: number) {}

  /** Counts `amount` (one message by default) at `now` (ms); true once more than the budget arrived within its second. */
  hit(now: number, amount = 1): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += amount;
    return this.count > this.perSecond;
  }

  /** What is left of this second's budget at `now`: where a measurement may stop counting. */
  left(now: number): number {
    return now - this.windowStart >= 1000 ? this.perSecond : Math.max(0, this.perSecond - this.count);
  }
}

const watched = new Map<MessageEventSource, () => void>();
let listening = false;

/**
 * Calls `onMessage` for each window message `source` posts to this page. It never reads
 * `event.data`, so a flood costs no deserialization. Returns the function that stops watching.
 */
export function watchWindowMessages(source: MessageEventSource, onMessage: () => void): () => void {
  if (!listening) {
    listening = true;
    window.addEventListener('message', (event) => {
      if (event.source) watched.get(event.source)?.();
    });
  }
  watched.set(source, onMessage);
  return () => {
    if (watched.get(source) === onMessage) watched.delete(source);
  };
}
