/** Message budgets per frame: the frame runtime posts nothing on the window after the handshake. */
export const MESSAGE_BUDGET = {
  /** Window messages a frame may post to the launcher in one second. */
  windowPerSecond: 200,
  /** Port messages a frame may send in one second (storage calls are bounded separately). */
  portPerSecond: 5000,
} as const;

/** Counts messages in fixed one-second windows; `hit` says when the budget is spent. */
export class MessageFlood {
  private windowStart = 0;
  private count = 0;

  constructor(private readonly perSecond: number) {}

  /** Counts one message at `now` (ms); true once more than the budget arrived within its second. */
  hit(now: number): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count > this.perSecond;
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
