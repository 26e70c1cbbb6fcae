import { type ComponentType, useCallback, useEffect, useState } from 'react';
import type { FrameBridge } from '../../runtime/host/FrameController.ts';
import type { SandpackOutcome, SandpackViewProps } from '../../runtime/host/sandpack/SandpackView.tsx';
import { addedPackages } from '../../runtime/host/sandpack/sandpackFiles.ts';
import { type SandpackTailwind, sandpackTailwind } from '../../runtime/host/sandpack/sandpackTailwind.ts';
import { api } from '../api.ts';
import { STOPPED_TEXT } from './AppPanel.tsx';
import { withoutControls } from './withoutControls.ts';

/** A start that has not shown the app by then fails with its reason (a slow device's first install can pass 30 s). */
export const SANDPACK_START_TIMEOUT_MS = 60_000;

type Phase =
  | { kind: 'loading'; status: string }
  | { kind: 'running'; ms: number }
  /** `stopped`: the launcher removed the app (past its message budget), not the bundler's failure. */
  | { kind: 'error'; message: string; stopped?: boolean; fromApp?: boolean };

let viewModule: Promise<ComponentType<SandpackViewProps>> | undefined;
// sandpack-react is large: only apps that need it load it, once.
const loadView = () => {
  viewModule ??= import('../../runtime/host/sandpack/SandpackView.tsx').then((m) => m.SandpackView);
  viewModule.catch(() => (viewModule = undefined));
  return viewModule;
};

/** An app whose imports fall outside the runtime's modules: runs through the self-hosted Sandpack. */
export function SandpackPanel(props: {
  roomId: string;
  appId: string;
  name: string;
  dependencies: Record<string, string>;
  bundlerUrl: string;
  /** The registry path of this app's reviewed packages. */
  registryUrl: string;
  bridge?: FrameBridge;
  /** The app's `localStorage` as stored now: handed to the bundler with the files. */
  localSnapshot?: (appId: string) => Promise<[string, string][] | undefined>;
}) {
  const { roomId, appId, name, dependencies, bundlerUrl, registryUrl, bridge, localSnapshot } = props;
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading', status: 'loading Sandpack' });
  const [View, setView] = useState<ComponentType<SandpackViewProps>>();
  const [files, setFiles] = useState<Record<string, string>>();
  const [local, setLocal] = useState<[string, string][]>();
  const [waited, setWaited] = useState(0);
  const [dialogsCut, setDialogsCut] = useState(false);
  const [tailwind, setTailwind] = useState<{ made?: SandpackTailwind; error?: string }>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) starts everything again.
  useEffect(() => {
    let live = true;
    setPhase({ kind: 'loading', status: 'loading Sandpack' });
    setDialogsCut(false);
    Promise.all([
      loadView(),
      api('GET /api/rooms/:roomId/apps/:appId/files', { params: { roomId, appId } }),
      localSnapshot?.(appId),
    ]).then(
      async ([view, loaded, entries]) => {
        // As in the Sucrase frame, a Tailwind failure is said and the app still runs, unstyled by it.
        const made = await sandpackTailwind(loaded.files).then(
          (css) => ({ made: css }),
          (err: Error) => ({ error: `Tailwind: ${err.message}` }),
        );
        if (!live) return;
        setTailwind(made);
        setView(() => view);
        setLocal(entries);
        setFiles(loaded.files);
      },
      (err: Error) => live && setPhase({ kind: 'error', message: `Could not load Sandpack: ${err.message}` }),
    );
    const timer = window.setTimeout(() => {
      setPhase((p) =>
        p.kind === 'loading'
          ? {
              kind: 'error',
              message: `Sandpack did not start within ${SANDPACK_START_TIMEOUT_MS / 1000} s (last step: ${p.status})`,
            }
          : p,
      );
    }, SANDPACK_START_TIMEOUT_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [roomId, appId, attempt]);

  // A long start shows it is still moving: the seconds waited beside the bundler's last step.
  const loading = phase.kind === 'loading';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a Retry counts from zero again.
  useEffect(() => {
    setWaited(0);
    if (!loading) return;
    const started = Date.now();
    const ticker = window.setInterval(() => setWaited(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => window.clearInterval(ticker);
  }, [loading, attempt]);

  const onOutcome = useCallback((o: SandpackOutcome) => {
    if (o.kind === 'dialogs-cut') {
      setDialogsCut(true);
      return;
    }
    setPhase((p) => {
      // A later error replaces an earlier one: the bundler's own message (with file and line) can follow
      // its `done` (which only says that compiling failed).
      if (p.kind === 'error' && o.kind !== 'error') return p;
      if (o.kind === 'status') return p.kind === 'loading' ? { kind: 'loading', status: o.status } : p;
      // Stopped like a Sucrase frame: the error phase unmounts the bundler frame, ending the flood at its source.
      if (o.kind === 'flooded') return { kind: 'error', message: STOPPED_TEXT.flooded, stopped: true };
      return o;
    });
  }, []);

  const uses = addedPackages(dependencies);
  return (
    <>
      <p className="sandpack-note" style={{ margin: 0, padding: '0.25rem 0.75rem', fontSize: '0.85rem' }}>
        Running with Sandpack: this app uses {uses.join(', ')}
        {tailwind.error && ` · ${tailwind.error}`}
      </p>
      {phase.kind === 'loading' && (
        <div className="panel-status" aria-live="polite" style={{ top: '2rem', zIndex: 2 }}>
          Opening {name} with Sandpack… ({phase.status}
          {/* Hidden from the live region: a count every second would drown the steps it announces. */}
          {waited >= 5 && <span aria-hidden="true">, {waited} s</span>})
        </div>
      )}
      {dialogsCut && phase.kind !== 'error' && (
        <div
          className="panel-status panel-error"
          role="alert"
          style={{ top: '2rem', bottom: 'auto', zIndex: 2 }}
        >
          <p>{name} opened too many dialogs. Its next ones are answered “Cancel” without asking you.</p>
          <button
            type="button"
            onClick={() => setPhase({ kind: 'error', message: STOPPED_TEXT.closed, stopped: true })}
          >
            Close app
          </button>
        </div>
      )}
      {phase.kind === 'error' && (
        <div className="panel-status panel-error" role="alert" style={{ top: '2rem', zIndex: 2 }}>
          {phase.fromApp ? (
            <>
              <p>{name} reported an error:</p>
              <blockquote className="app-words">{withoutControls(phase.message)}</blockquote>
            </>
          ) : (
            <p>{phase.message}</p>
          )}
          <button
            type="button"
            onClick={() => {
              setView(undefined);
              setAttempt((a) => a + 1);
            }}
          >
            {phase.stopped ? 'Restart' : 'Retry'}
          </button>
        </div>
      )}
      <div
        className="frame-host"
        // Above the pool's (empty, hidden-frame) container, which follows it in the DOM.
        style={{ top: '2rem', height: 'auto', zIndex: 1 }}
        data-sandpack-ms={phase.kind === 'running' ? phase.ms : undefined}
      >
        {View && files && phase.kind !== 'error' && (
          <View
            key={attempt}
            who={{ roomId, appId }}
            name={name}
            files={files}
            dependencies={dependencies}
            tailwind={tailwind.made}
            local={local}
            bundlerUrl={bundlerUrl}
            registryUrl={registryUrl}
            bridge={bridge}
            timeoutMs={SANDPACK_START_TIMEOUT_MS + 5_000}
            onOutcome={onOutcome}
          />
        )}
      </div>
    </>
  );
}
