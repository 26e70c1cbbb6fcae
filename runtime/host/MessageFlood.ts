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

/** Called for each window message from a watched frame or a frame inside it (`nested`), before its data is read. */
export type WindowMessageHandler = (event: MessageEvent, nested: boolean) => void;

const watched = new Map<MessageEventSource, WindowMessageHandler>();
/** How many frames up from a message's source the launcher looks for the app frame it sits in. */
const MAX_NESTING = 4;
let listening = false;
/** The watched frame each traced source was found in, and how deep. */
const roots = new WeakMap<MessageEventSource, [MessageEventSource, number]>();

/** The handler of the watched frame `source` is or sits inside, and how deep; `parent` is readable cross-origin. */
function traced(source: MessageEventSource): [WindowMessageHandler, number] | undefined {
  // A flood comes from one window: its frame is looked up once.
  const known = roots.get(source);
  const handler = known && watched.get(known[0]);
  if (known && handler) return [handler, known[1]];
  let w = source as Window;
  for (let depth = 0; depth <= MAX_NESTING; depth++) {
    const handler = watched.get(w);
    if (handler) {
      roots.set(source, [w, depth]);
      return [handler, depth];
    }
    const parent = w.parent;
    if (!parent || parent === w || parent === window) return undefined;
    w = parent;
  }
  return undefined;
}

/**
 * Calls `onMessage` for each window message `source`, or any frame inside it, posts to this page, before
 * any other listener and without reading `event.data`, so a flood costs no deserialization. A nested
 * frame's messages, and those of a window traced to no watched frame, reach no other listener: an app
 * cannot post past its budget from a frame of its own. Returns the function that stops watching.
 */
export function watchWindowMessages(source: MessageEventSource, onMessage: WindowMessageHandler): () => void {
  if (!listening) {
    listening = true;
    window.addEventListener(
      'message',
      (event) => {
        if (!event.source || event.source === window) return;
        const found = traced(event.source);
        if (found) found[0](event, found[1] > 0);
        if (!found || found[1] > 0) event.stopImmediatePropagation();
      },
      true,
    );
  }
  watched.set(source, onMessage);
  return () => {
    if (watched.get(source) === onMessage) watched.delete(source);
  };
}
