import type { FrameToHost, HostToFrame } from '../protocol.ts';
import { isHostToFrame } from '../protocol.ts';
import type { HostTransport } from './HostTransport.ts';

type Listener = (message: HostToFrame) => void;

let port: MessagePort | undefined;
const listeners = new Set<Listener>();

/** Adopts the port the host handed over; every later message travels on it. Returns false if one is held. */
export function adoptPort(handed: MessagePort): boolean {
  if (port) return false;
  port = handed;
  port.onmessage = (e) => {
    if (!isHostToFrame(e.data)) return;
    for (const listener of listeners) listener(e.data);
  };
  return true;
}

export function hasPort(): boolean {
  return port !== undefined;
}

/** Sends to the host; a no-op before the handshake. */
export function postToHost(message: FrameToHost): void {
  port?.postMessage(message);
}

/** Listens to what the host sends (e.g. `@room/sdk` answers); returns the unsubscribe. */
export function onHostMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The Sucrase frame's transport: the port the launcher handed over on connect. */
export const portTransport: HostTransport = {
  connected: hasPort,
  post: postToHost,
  onMessage: onHostMessage,
};
