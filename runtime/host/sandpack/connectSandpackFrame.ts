import { type HostToFrame, isFrameToHost, type JsonValue } from '../../protocol.ts';
import type { FrameBridge, FrameIdentity } from '../FrameController.ts';
import { hostTheme, onHostTheme } from '../hostTheme.ts';
import { MESSAGE_BUDGET, MessageFlood } from '../MessageFlood.ts';
import { messageBytes } from '../messageBytes.ts';

/**
 * Joins a Sandpack bundler frame to the storage bridge. The frame has no port, so each message is
 * attributed by `event.source` (this iframe's window), never by anything the message says. Its messages
 * are held to a port's budgets (count, then bytes): past either, `onFlood` is called once and nothing
 * more is read.
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
}): () => void {
  const { iframe, origin, who, bridge } = opts;
  // The bundler posts its own protocol (status, console) besides SDK calls: a port's budget, not a frame's.
  const count = new MessageFlood(MESSAGE_BUDGET.portPerSecond);
  const bytes = new MessageFlood(MESSAGE_BUDGET.bytesPerSecond);
  let flooded = false;
  const onMessage = (event: MessageEvent) => {
    // Skip events from any other window: another app's frame, or the shell itself.
    if (flooded || !event.source || event.source !== iframe.contentWindow) return;
    const now = performance.now();
    // Counted before `event.data` is read: a flood of messages costs no deserialization.
    if (count.hit(now)) return flood();
    const data: unknown = event.data;
    if (bytes.hit(now, messageBytes(data, bytes.left(now)))) return flood();
    if (!isFrameToHost(data) || data.type !== 'sdk-call') {
      opts.onBundlerMessage?.(data);
      return;
    }
    const reply = (message: HostToFrame) => iframe.contentWindow?.postMessage(message, origin);
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
  const flood = () => {
    flooded = true;
    window.removeEventListener('message', onMessage);
    opts.onFlood();
  };
  window.addEventListener('message', onMessage);
  // The person switches the theme: the app follows without reloading.
  const unfollow = onHostTheme((theme) =>
    iframe.contentWindow?.postMessage({ type: 'theme', theme }, origin),
  );
  return () => {
    window.removeEventListener('message', onMessage);
    unfollow();
  };
}
