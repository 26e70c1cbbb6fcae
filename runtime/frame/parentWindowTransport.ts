import { isHostToFrame } from '../protocol.ts';
import type { HostTransport } from './HostTransport.ts';

const listeners = new Set<Parameters<HostTransport['onMessage']>[0]>();
let listening = false;

/** The Sandpack frame's transport: the launcher is its parent and keys it by `event.source`. */
export const parentWindowTransport: HostTransport = {
  connected: () => window.parent !== window,
  // The parent checks which frame sent it; the frame cannot know the launcher's origin in advance.
  post: (message) => window.parent.postMessage(message, '*'),
  onMessage(listener) {
    if (!listening) {
      listening = true;
      window.addEventListener('message', (event) => {
        // Only the launcher's answers: never another frame's, nor the bundler's own messages.
        if (event.source !== window.parent || !isHostToFrame(event.data)) return;
        for (const l of listeners) l(event.data);
      });
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
