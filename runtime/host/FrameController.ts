import { DIALOG_LIMIT, DialogCount } from '../dialogLimit.ts';
import {
  COMPILE_HINT,
  type CompiledModules,
  type ConnectMessage,
  type DialogPhase,
  type FrameError,
  type FrameToHost,
  type HostToFrame,
  isFrameToHost,
  PROTOCOL_VERSION,
} from '../protocol.ts';
import { coversCode } from './acceptCompiled.ts';
import type { FrameBridge, FrameIdentity } from './frameIdentity.ts';
import { hostTheme, onHostTheme } from './hostTheme.ts';
import { MESSAGE_BUDGET, MessageFlood, watchWindowMessages } from './MessageFlood.ts';
import { messageBytes } from './messageBytes.ts';
import { GESTURE_GRACE_MS } from './PromptGate.ts';
import { Watchdog } from './Watchdog.ts';

// The shell imports the frame's identity and bridge with the controller.
export type { FrameBridge, FrameIdentity } from './frameIdentity.ts';

export type FrameState =
  | { kind: 'warm' }
  | { kind: 'loading' }
  | { kind: 'running' }
  | { kind: 'error'; error: FrameError }
  | { kind: 'stopped'; reason: 'navigated' | 'unresponsive' | 'flooded' | 'closed' };

/**
 * An app frame's sandbox: scripts, forms (submitting nowhere: the frame's CSP keeps `form-action 'none'`)
 * and the browser's own dialogs (bounded by the runtime and the watchdog). Never same-origin, popups,
 * top navigation or downloads.
 */
export const FRAME_SANDBOX = 'allow-scripts allow-forms allow-modals';

/** How long a frame's compiled modules wait for its first paint before the cache gets them anyway. */
const KEEP_COMPILED_LATEST_MS = 2000;

/** The frame's URL asking it to load the compiler at once (see {@link COMPILE_HINT}). */
function withCompileHint(src: string): string {
  const url = new URL(src);
  url.searchParams.set(COMPILE_HINT, '1');
  return url.href;
}

export interface FrameControllerOptions extends FrameIdentity {
  /** The frame document on the app's own origin. */
  src: string;
  /** The app's name: the iframe's accessible title. */
  title: string;
  /** The files to run now; without them the frame loads warm and waits for {@link FrameController.run}. */
  files?: Record<string, string>;
  /** The files' modules from the compile cache (all of them, or those an update left unchanged). */
  compiled?: CompiledModules;
  /** The app's package bundle on its frame site, when known before `run`: the frame fetches it while it waits. */
  packages?: string;
  /**
   * What the frame compiled from the files it got without (all their) modules: the first such report only
   * (sent before any app code runs), as the frame claims it, handed over once the frame painted (or
   * failed) so keeping it never competes with the first paint; the compile cache checks it first.
   */
  onCompiled?: (files: Record<string, string>, sent: CompiledModules) => void;
  onState: (state: FrameState) => void;
  /** Called once with the time (performance.now) the frame reported its first paint after `run`. */
  onPainted?: (at: number) => void;
  bridge?: FrameBridge;
  /** Watchdog silence before the frame is removed (default 3000 ms). */
  unresponsiveMs?: number;
  /** The app opened too many dialogs: they are answered without asking; the launcher offers to close it. */
  onDialogsCut?: () => void;
}

/**
 * Owns one app frame: creates the sandboxed iframe, hands it a MessageChannel port on first load,
 * sends the files, watches it with pings, and revokes the port if the frame ever navigates itself.
 */
export class FrameController {
  readonly iframe: HTMLIFrameElement;
  private port: MessagePort | undefined;
  private sentRun = false;
  private files: Record<string, string> | undefined;
  private packages: string | undefined;
  private local: [string, string][] | undefined;
  private compiled: CompiledModules | undefined;
  private tookCompiled = false;
  private keepCompiled: (() => void) | undefined;
  private wantsCompiler = false;
  private warmFiles: Record<string, string> | undefined;
  private loads = 0;
  private isDisposed = false;
  private failed = false;
  private watchdog: Watchdog | undefined;
  private unwatch: (() => void) | undefined;
  private unfollowTheme: (() => void) | undefined;
  private readonly windowFlood = new MessageFlood(MESSAGE_BUDGET.windowPerSecond);
  private readonly portFlood = new MessageFlood(MESSAGE_BUDGET.portPerSecond);
  private readonly portBytes = new MessageFlood(MESSAGE_BUDGET.bytesPerSecond);
  private readonly dialogs = new DialogCount(DIALOG_LIMIT.hostCount);
  private dialogOpen = false;
  /** Called once with the time (performance.now) the frame reported its first paint after `run`. */
  onPainted: ((at: number) => void) | undefined;

  constructor(private readonly opts: FrameControllerOptions) {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', FRAME_SANDBOX);
    iframe.title = opts.title;
    iframe.src = opts.files && !coversCode(opts.files, opts.compiled) ? withCompileHint(opts.src) : opts.src;
    iframe.addEventListener('load', this.onLoad);
    this.iframe = iframe;
    this.files = opts.files;
    this.compiled = opts.compiled;
    this.packages = opts.packages;
    this.onPainted = opts.onPainted;
    opts.onState(opts.files ? { kind: 'loading' } : { kind: 'warm' });
  }

  /**
   * Hands the files (their cached modules, and the app's `localStorage` snapshot) to a warm frame, or
   * queues them until it has loaded. Once.
   */
  run(
    files: Record<string, string>,
    compiled?: CompiledModules,
    packages?: string,
    local?: [string, string][],
  ): void {
    if (this.files || this.isDisposed) return;
    this.local = local;
    this.files = files;
    this.compiled = compiled;
    this.packages = packages;
    this.opts.onState({ kind: 'loading' });
    this.sendRun();
  }

  /**
   * A warm frame whose app the compile cache lacks (wholly or in part): it loads the compiler and compiles
   * `files` (the app's, prefetched) while it waits.
   */
  warmCompiler(files?: Record<string, string>): void {
    if (this.files || this.wantsCompiler) return;
    this.wantsCompiler = true;
    this.warmFiles = files;
    this.send(this.warmCompilerMessage());
  }

  private warmCompilerMessage(): HostToFrame {
    return { type: 'warm-compiler', ...(this.warmFiles ? { files: this.warmFiles } : {}) };
  }

  get started(): boolean {
    return this.files !== undefined;
  }

  get disposed(): boolean {
    return this.isDisposed;
  }

  dispose(): void {
    this.flushCompiled();
    this.isDisposed = true;
    this.revoke();
    this.unwatch?.();
    this.unfollowTheme?.();
    this.iframe.removeEventListener('load', this.onLoad);
    this.iframe.remove();
  }

  private revoke(): void {
    this.watchdog?.stop();
    this.watchdog = undefined;
    this.port?.close();
    this.port = undefined;
  }

  private readonly onLoad = () => {
    if (this.isDisposed) return;
    this.loads += 1;
    if (this.loads > 1) {
      // The app navigated its own frame: whatever loaded now is not our runtime.
      this.revoke();
      this.opts.onState({ kind: 'stopped', reason: 'navigated' });
      return;
    }
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (event) => {
      const now = performance.now();
      if (this.portFlood.hit(now)) return this.onFlood();
      const data: unknown = event.data;
      // Sized before the guard reads it: past the byte budget, not one more of its strings is used.
      if (this.portBytes.hit(now, messageBytes(data, this.portBytes.left(now)))) return this.onFlood();
      if (isFrameToHost(data)) this.onMessage(data);
    };
    const source = this.iframe.contentWindow;
    if (source) {
      this.unwatch = watchWindowMessages(source, () => {
        if (this.windowFlood.hit(performance.now())) this.onFlood();
      });
    }
    const connect: ConnectMessage = {
      type: 'room-connect',
      version: PROTOCOL_VERSION,
      warm: !this.files,
      theme: hostTheme(),
      ...(this.packages ? { packages: this.packages } : {}),
    };
    // The person switches the theme: the app follows without reloading.
    this.unfollowTheme = onHostTheme((theme) => this.send({ type: 'theme', theme }));
    // A sandboxed frame's origin is opaque, so '*' is the only target that reaches it.
    this.iframe.contentWindow?.postMessage(connect, '*', [channel.port2]);
    if (this.wantsCompiler && !this.files) this.send(this.warmCompilerMessage());
    // The port queues it until the frame adopts it: a cold frame need not wait for "ready".
    this.sendRun();
    this.watchdog = new Watchdog({
      ping: (id) => this.send({ type: 'ping', id }),
      onUnresponsive: this.onUnresponsive,
      timeoutMs: this.opts.unresponsiveMs,
    });
  };

  private readonly onUnresponsive = () => {
    // A spinning frame cannot be stopped from outside: removing it ends its process.
    this.dispose();
    this.opts.onState({ kind: 'stopped', reason: 'unresponsive' });
  };

  private readonly onFlood = () => {
    if (this.isDisposed) return;
    // Queued messages keep arriving while the frame lives: removing it ends the flood at its source.
    this.dispose();
    this.opts.onState({ kind: 'stopped', reason: 'flooded' });
  };

  private onDialog(phase: DialogPhase): void {
    // Counted here too: a frame that claims two dialogs at once, or more than a person's pace, gets no more waiting.
    const seen = this.dialogs.report(phase, performance.now());
    if (seen === 'open') {
      this.dialogOpen = true;
      // Only a dialog right after the person's gesture in this frame is waited on: a bare claim would let a spinning app run on.
      const hold = () => {
        if (this.dialogOpen && this.gestured()) this.watchdog?.hold(DIALOG_LIMIT.waitMs);
      };
      if (this.gestured()) hold();
      else setTimeout(hold, GESTURE_GRACE_MS);
      return;
    }
    this.dialogOpen = false;
    this.watchdog?.release();
    if (seen === 'cut') this.opts.onDialogsCut?.();
  }

  /** The launcher's transient activation with focus in this frame: the person just clicked or typed in it. */
  private gestured(): boolean {
    if (navigator.userActivation && !navigator.userActivation.isActive) return false;
    return document.activeElement === this.iframe;
  }

  private sendRun(): void {
    if (this.sentRun || !this.files || !this.port) return;
    this.sentRun = true;
    this.send({
      type: 'run',
      name: this.opts.title,
      files: this.files,
      compiled: this.compiled,
      packages: this.packages,
      ...(this.local ? { local: this.local } : {}),
    });
  }

  /** Hands the frame's compiled modules to the cache: after its first paint, off the open's path. */
  private flushCompiled(): void {
    const keep = this.keepCompiled;
    this.keepCompiled = undefined;
    if (keep) setTimeout(keep, 0);
  }

  private send(message: HostToFrame): void {
    this.port?.postMessage(message);
  }

  private onMessage(message: FrameToHost): void {
    switch (message.type) {
      case 'ready':
        // The files went out with the port already (or go out on `run`): nothing waits for this.
        return;
      case 'rendered':
        // An error reported during the first render stays on screen: the app did not render.
        if (!this.failed) this.opts.onState({ kind: 'running' });
        return;
      case 'painted':
        this.onPainted?.(performance.now());
        this.onPainted = undefined;
        this.flushCompiled();
        return;
      case 'error': {
        this.failed = true;
        this.flushCompiled();
        // A location is kept only when it names a file the host sent: any other text is the app speaking.
        const { file, ...located } = message.error;
        const sent = file !== undefined && this.files !== undefined && Object.hasOwn(this.files, file);
        this.opts.onState({ kind: 'error', error: sent ? message.error : located });
        return;
      }
      case 'pong':
        this.watchdog?.pong();
        return;
      case 'dialog':
        this.onDialog(message.phase);
        return;
      case 'compiled': {
        // Only the runtime's own report counts: it comes first, and only when the frame had to compile.
        const files = this.files;
        if (this.tookCompiled || !this.sentRun || !files || coversCode(files, this.compiled)) return;
        this.tookCompiled = true;
        const sent = { version: message.version, modules: message.modules, css: message.css };
        this.keepCompiled = () => this.opts.onCompiled?.(files, sent);
        // A frame in the background gets no animation frames, so it may paint only once shown.
        setTimeout(() => this.flushCompiled(), KEEP_COMPILED_LATEST_MS);
        return;
      }
      default:
        this.opts.bridge?.({ roomId: this.opts.roomId, appId: this.opts.appId }, message, (reply) =>
          this.send(reply),
        );
    }
  }
}
