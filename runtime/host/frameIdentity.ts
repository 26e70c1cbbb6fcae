import type { FrameToHost, HostToFrame } from '../protocol.ts';

/** Who the frame is: known to the host from the port it created, never from message contents. */
export interface FrameIdentity {
  roomId: string;
  appId: string;
}

/** Handles port messages the controller does not (e.g. `sdk-call` for the storage bridge). */
export type FrameBridge = (
  who: FrameIdentity,
  message: FrameToHost,
  reply: (message: HostToFrame) => void,
) => void;
