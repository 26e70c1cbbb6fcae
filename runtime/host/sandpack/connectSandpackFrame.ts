import { type HostToFrame, isFrameToHost, type JsonValue } from '../../protocol.ts';
import type { FrameBridge, FrameIdentity } from '../FrameController.ts';
import { hostTheme, onHostTheme } from '../hostTheme.ts';

/**
 * Joins a Sandpack bundler frame to the storage bridge. The frame has no port, so each message is
 * attributed by `event.source` (this iframe's window), never by anything the message says.
 */
export function connectSandpackFrame(opts: {
  iframe: HTMLIFrameElement;
  /** The bundler's origin: replies go to it only. */
  origin: string;
  who: FrameIdentity;
  bridge: FrameBridge | undefined;
  /** Every other message the bundler frame posts (its own protocol: status, done, errors). */
  onBundlerMessage?: (data: unknown) => void;
}): () => void {
  const { iframe, origin, who, bridge } = opts;
  const onMessage = (event: MessageEvent) => {
    // Skip events from any other window: another app's frame, or the shell itself.
    if (!event.source || event.source !== iframe.contentWindow) return;
    const data: unknown = event.data;
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
