import type { FrameToHost, HostToFrame } from '../protocol.ts';

/**
 * How `@room/sdk` reaches the launcher: the port handed over on connect (the Sucrase frame) or
 * `window.parent.postMessage` (the Sandpack bundler frame, which gets no port). One SDK sits above both.
 */
export interface HostTransport {
  connected(): boolean;
  post(message: FrameToHost): void;
  onMessage(listener: (message: HostToFrame) => void): () => void;
}
