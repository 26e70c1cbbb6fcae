import {
  type ConnectMessage,
  type FrameError,
  type FrameToHost,
  type HostToFrame,
  isFrameToHost,
  PROTOCOL_VERSION,
} from '../protocol.ts';

export type FrameState =
  | { kind: 'loading' }
  | { kind: 'running' }
  | { kind: 'error'; error: FrameError }
  | { kind: 'stopped'; reason: 'navigated' };

export interface FrameControllerOptions {
  /** The frame document on the app's own origin. */
  src: string;
  /** The app's name: the iframe's accessible title. */
  title: string;
  /** The files to run, fetched by the shell (frames never fetch). */
  files: Record<string, string>;
  onState: (state: FrameState) => void;
  /** Click-to-paint measurement: called once with the time the frame reported its first paint. */
  onPainted?: (at: number) => void;
}

/**
 * Owns one app frame: creates the sandboxed iframe, hands it a MessageChannel port on first load,
 * sends the files, and revokes the port if the frame ever navigates itself.
 */
export class FrameController {
  readonly iframe: HTMLIFrameElement;
  private port: MessagePort | undefined;
  private loads = 0;
  private disposed = false;

  constructor(private readonly opts: FrameControllerOptions) {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.title = opts.title;
    iframe.src = opts.src;
    iframe.addEventListener('load', this.onLoad);
    this.iframe = iframe;
    opts.onState({ kind: 'loading' });
  }

  dispose(): void {
    this.disposed = true;
    this.port?.close();
    this.port = undefined;
    this.iframe.removeEventListener('load', this.onLoad);
    this.iframe.remove();
  }

  private readonly onLoad = () => {
    if (this.disposed) return;
    this.loads += 1;
    if (this.loads > 1) {
      // The app navigated its own frame: whatever loaded now is not our runtime.
      this.port?.close();
      this.port = undefined;
      this.opts.onState({ kind: 'stopped', reason: 'navigated' });
      return;
    }
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (event) => {
      if (isFrameToHost(event.data)) this.onMessage(event.data);
    };
    const connect: ConnectMessage = { type: 'room-connect', version: PROTOCOL_VERSION };
    // A sandboxed frame's origin is opaque, so '*' is the only target that reaches it.
    this.iframe.contentWindow?.postMessage(connect, '*', [channel.port2]);
  };

  private send(message: HostToFrame): void {
    this.port?.postMessage(message);
  }

  private onMessage(message: FrameToHost): void {
    switch (message.type) {
      case 'ready':
        this.send({ type: 'run', name: this.opts.title, files: this.opts.files });
        return;
      case 'rendered':
        this.opts.onState({ kind: 'running' });
        return;
      case 'painted':
        this.opts.onPainted?.(performance.now());
        return;
      case 'error':
        this.opts.onState({ kind: 'error', error: message.error });
        return;
      case 'pong':
        return;
    }
  }
}
