import { useEffect, useRef, useState } from 'react';
import { FrameController, type FrameState } from '../../runtime/host/FrameController.ts';
import { api, type LauncherApp } from '../api.ts';

/** One app's panel: fetches its approved files and runs them in a sandboxed frame on its own origin. */
export function AppPanel({ roomId, app }: { roomId: string; app: LauncherApp }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FrameState | { kind: 'fetch-error'; message: string }>({
    kind: 'loading',
  });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the app on purpose
  useEffect(() => {
    let controller: FrameController | undefined;
    let cancelled = false;
    setState({ kind: 'loading' });
    api<{ files: Record<string, string> }>(`/api/rooms/${roomId}/apps/${app.id}/files`)
      .then(({ files }) => {
        if (cancelled || !host.current) return;
        controller = new FrameController({ src: app.frame_url, title: app.name, files, onState: setState });
        host.current.appendChild(controller.iframe);
      })
      .catch((err: Error) => !cancelled && setState({ kind: 'fetch-error', message: err.message }));
    return () => {
      cancelled = true;
      controller?.dispose();
    };
  }, [roomId, app.id, app.frame_url, app.name, attempt]);

  return (
    <section className="app-panel" role="tabpanel" id={`panel-${app.id}`} aria-labelledby={`tab-${app.id}`}>
      {state.kind === 'loading' && (
        <div className="panel-status" aria-live="polite">
          Opening {app.name}…
        </div>
      )}
      {(state.kind === 'error' || state.kind === 'fetch-error' || state.kind === 'stopped') && (
        <div className="panel-status panel-error" role="alert">
          <p>
            {state.kind === 'error'
              ? `${state.error.message}${state.error.file ? ` (${state.error.file}${state.error.line ? `:${state.error.line}` : ''})` : ''}`
              : state.kind === 'stopped'
                ? 'This app left its page and was stopped.'
                : state.message}
          </p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            Reload app
          </button>
        </div>
      )}
      <div ref={host} className="frame-host" />
    </section>
  );
}
