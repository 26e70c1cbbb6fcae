import { FRAME_SANDBOX, FrameController } from '../../runtime/host/FrameController.ts';
import type { FramePool } from '../../runtime/host/FramePool.ts';
import type { CompiledModules } from '../../runtime/protocol.ts';

/** Click-to-paint drivers for `npm run bench`: each arms `#open`, whose next click starts one measurement. */

const button = () => document.getElementById('open') as HTMLButtonElement;
const frames = () => document.getElementById('frames') as HTMLElement;

/** Records click-to-paint on the button, for the bench to read. */
function record(clickedAt: number, at: number): void {
  button().dataset.paintMs = String(at - clickedAt);
}

// The host's next painted frame: rAF runs before the paint, the task after it once it has happened.
const afterNextPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/**
 * The real runtime: a click runs the files in a warm frame (made now) or a cold one (made on click). With
 * `lookup` (the compile cache, as the launcher's pool asks it): a warm frame asks before the click and
 * warms the compiler on a miss; a cold one asks after the click, before the frame exists.
 */
export function armOpen(opts: {
  key: string;
  files: Record<string, string>;
  warm: boolean;
  src: string;
  lookup?: () => Promise<CompiledModules | undefined>;
  /** The app's package bundle on its frame site (`/deps/<hash>.js`), as the launcher's pool passes it. */
  packages?: string;
  /** The app's `localStorage` as the launcher's pool reads it: once when warming, again on the click. */
  local?: () => Promise<[string, string][] | undefined>;
  /** Keeps what a frame compiled, as the launcher's pool hands it to the compile cache. */
  keep?: (files: Record<string, string>, sent: CompiledModules) => Promise<boolean>;
}): void {
  if (opts.local) {
    armOpenWithStorage({ ...opts, local: opts.local });
    return;
  }
  delete button().dataset.paintMs;
  let controller: FrameController | undefined;
  let clickedAt = 0;
  const options = {
    roomId: 'bench',
    appId: opts.key,
    src: opts.src,
    title: opts.key,
    packages: opts.packages,
    onState: () => {},
    onPainted: (at: number) => {
      record(clickedAt, at);
      controller?.dispose();
    },
    onCompiled: (files: Record<string, string>, sent: CompiledModules) => void opts.keep?.(files, sent),
  };
  let prepared: Promise<CompiledModules | undefined> | undefined;
  if (opts.warm) {
    const warm = new FrameController(options);
    controller = warm;
    frames().append(warm.iframe);
    prepared = opts.lookup?.().then((compiled) => {
      if (!compiled) warm.warmCompiler(opts.files);
      return compiled;
    });
  }
  button().onclick = (e) => {
    clickedAt = e.timeStamp;
    if (controller) {
      const warm = controller;
      if (prepared) prepared.then((compiled) => warm.run(opts.files, compiled, opts.packages));
      else warm.run(opts.files, undefined, opts.packages);
    } else if (opts.lookup) {
      opts.lookup().then((compiled) => startCold(compiled));
    } else {
      startCold(undefined);
    }
  };
  const startCold = (compiled: CompiledModules | undefined) => {
    const cold = new FrameController({ ...options, files: opts.files, compiled });
    controller = cold;
    frames().append(cold.iframe);
  };
}

/**
 * As {@link armOpen}, on the launcher pool's path: the click reads the app's `localStorage` (beside the
 * compile cache lookup) and hands it over with the files, to a warm frame or a cold one made then.
 */
function armOpenWithStorage(
  opts: Parameters<typeof armOpen>[0] & { local: () => Promise<[string, string][] | undefined> },
): void {
  delete button().dataset.paintMs;
  let clickedAt = 0;
  let controller: FrameController | undefined;
  const make = () => {
    const made = new FrameController({
      roomId: 'bench',
      appId: opts.key,
      src: opts.src,
      title: opts.key,
      packages: opts.packages,
      onState: () => {},
      onPainted: (at: number) => {
        record(clickedAt, at);
        made.dispose();
      },
    });
    frames().append(made.iframe);
    return made;
  };
  let prepared: Promise<CompiledModules | undefined> | undefined;
  if (opts.warm) {
    const warm = make();
    controller = warm;
    prepared = opts.lookup?.().then((compiled) => {
      if (!compiled) warm.warmCompiler(opts.files);
      return compiled;
    });
    // The pool opens the app's database when it warms the frame.
    void opts.local();
  }
  button().onclick = (e) => {
    clickedAt = e.timeStamp;
    Promise.all([prepared ?? opts.lookup?.(), opts.local()]).then(([compiled, local]) => {
      const frame = controller ?? make();
      frame.run(opts.files, compiled, opts.packages, local);
    });
  };
}

/** Runs the files once in a fresh frame and keeps what it compiled in `keep`; true once kept. */
export function primeCompiled(
  src: string,
  files: Record<string, string>,
  keep: (files: Record<string, string>, sent: CompiledModules) => Promise<boolean>,
): Promise<boolean> {
  return new Promise((resolve) => {
    const controller = new FrameController({
      roomId: 'bench',
      appId: 'prime',
      src,
      title: 'prime',
      files,
      onState: () => {},
      onCompiled: (f, sent) =>
        keep(f, sent).then((kept) => {
          controller.dispose();
          resolve(kept);
        }),
    });
    frames().append(controller.iframe);
  });
}

/**
 * The floor: a sandboxed frame on its own origin that is nothing but React painting "hello". Cold, the
 * click creates it; warm, it is loaded first and the click posts it a component to render.
 */
export function armFloor(src: string, warm: boolean): Promise<void> {
  delete button().dataset.paintMs;
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', FRAME_SANDBOX);
  iframe.src = src;
  let clickedAt = 0;
  const ready = new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow) return;
      if (event.data === 'floor-ready') resolve();
      if (event.data === 'floor-painted') {
        record(clickedAt, performance.now());
        window.removeEventListener('message', onMessage);
        iframe.remove();
      }
    };
    window.addEventListener('message', onMessage);
  });
  button().onclick = (e) => {
    clickedAt = e.timeStamp;
    if (warm) iframe.contentWindow?.postMessage('floor-render', '*');
    else frames().append(iframe);
  };
  if (!warm) return Promise.resolve();
  frames().append(iframe);
  return ready;
}

/** Switching tabs: both apps are open in the pool; a click shows `to` and records the host's next paint. */
export function armSwitch(pool: FramePool, from: string, to: string): void {
  delete button().dataset.paintMs;
  pool.show(from);
  button().onclick = (e) => {
    const clickedAt = e.timeStamp;
    pool.show(to);
    afterNextPaint(() => record(clickedAt, performance.now()));
  };
}
