import { DIALOG_LIMIT, DialogCount } from '../../dialogLimit.ts';
import { type FrameToHost, type HostToFrame, isFrameToHost, type JsonValue } from '../../protocol.ts';
import type { FrameBridge, FrameIdentity } from '../FrameController.ts';
import { hostTheme, onHostTheme } from '../hostTheme.ts';
import { MESSAGE_BUDGET, MessageFlood, watchWindowMessages } from '../MessageFlood.ts';
import { messageBytes } from '../messageBytes.ts';

/** What the bundler frame sends the launcher rather than the bundler's own protocol. */
const ROUTED = new Set<FrameToHost['type']>(['sdk-call', 'local-write', 'local-open']);

/**
 * Joins a Sandpack bundler frame to the storage bridge. The frame has no port, so each message is
 * attributed by `event.source` (this iframe's window, or a frame inside it), never by anything the message says. Its messages
 * are held to budgets (count, then bytes): past either, `onFlood` is called once and no
 * listener of this page reads another of its messages.
 */
export function connectSandpackFrame(opts: {
  iframe: HTMLIFrameElement;
  /** The bundler's origin: replies go to it only. */
  origin: string;
  who: FrameIdentity;
  bridge: FrameBridge | undefined;
  /** Every other message the bundler frame posts (its own protocol: status, done, errors). */
  onBundlerMessage?: (data: unknown) => void;
  /** The frame passed its message budget: the caller removes it. */
  onFlood: () => void;
  /** The app opened too many dialogs (by its runtime's word or by our count): the caller offers to close it. */
  onDialogsCut?: () => void;
}): () => void {
  const { iframe, origin, who, bridge } = opts;
  const count = new MessageFlood(MESSAGE_BUDGET.sandpackPerSecond);
  const bytes = new MessageFlood(MESSAGE_BUDGET.bytesPerSecond);
  let flooded = false;
  const dialogs = new DialogCount(DIALOG_LIMIT.hostCount);
  const onMessage = (event: MessageEvent, nested: boolean) => {
    const now = performance.now();
    // Counted before `event.data` is read, here or by sandpack-client (the watch captures, so it runs
    // first): past the budget, what is still queued reaches no listener until the frame is gone.
    if (flooded || count.hit(now)) return flood(event);
    // A frame the app made inside the bundler's: counted against the app, never read.
    if (nested) return;
    const data: unknown = event.data;
    if (bytes.hit(now, messageBytes(data, bytes.left(now)))) return flood(event);
    if (isFrameToHost(data) && data.type === 'dialog') {
      // No watchdog here to hold: only the count matters, checked as the Sucrase frame's host does.
      if (dialogs.report(data.phase, now) === 'cut') opts.onDialogsCut?.();
      return;
    }
    if (!isFrameToHost(data) || !ROUTED.has(data.type)) {
      opts.onBundlerMessage?.(data);
      return;
    }
    const reply = (message: HostToFrame) => iframe.contentWindow?.postMessage(message, origin);
    // localStorage writes and the wish to hear of other tabs' writes: the bridge's, or nobody's.
    if (data.type !== 'sdk-call') {
      bridge?.(who, data, reply);
      return;
    }
    if (data.method === 'theme.get') {
      reply({ type: 'sdk-result', id: data.id, ok: true, value: hostTheme() as unknown as JsonValue });
      return;
    }
    if (!bridge) {
      reply({
        type: 'sdk-result',
        id: data.id,
        ok: false,
        error: { code: 'not_available', message: 'Storage is not available in this launcher' },
      });
      return;
    }
    bridge(who, data, reply);
  };
  const flood = (event: MessageEvent) => {
    event.stopImmediatePropagation();
    if (flooded) return;
    flooded = true;
    opts.onFlood();
  };
  const source = iframe.contentWindow;
  const unwatch = source ? watchWindowMessages(source, onMessage) : () => {};
  // The person switches the theme: the app follows without reloading.
  const unfollow = onHostTheme((theme) =>
    iframe.contentWindow?.postMessage({ type: 'theme', theme }, origin),
  );
  return () => {
    unwatch();
    unfollow();
  };
}
