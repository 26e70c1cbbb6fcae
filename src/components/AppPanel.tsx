import type { PoolEntry } from '../../runtime/host/FramePool.ts';
import type { FrameError } from '../../runtime/protocol.ts';
import { withoutControls } from './withoutControls.ts';

/**
 * One app's status over its frame: opening, its error with "Reload app", stopped with "Restart",
 * "Close app" once it opened too many dialogs, or "Version N is ready." with "Reload" when an update was
 * approved while it runs.
 */
export function AppPanel({
  name,
  entry,
  onRestart,
  onClose,
}: {
  name: string;
  entry: PoolEntry | undefined;
  onRestart: () => void;
  /** Closes the running app (offered once it opened too many dialogs). */
  onClose: () => void;
}) {
  const state = entry?.state ?? { kind: 'loading' };
  switch (state.kind) {
    case 'warm':
    case 'loading':
      return (
        <div className="panel-status panel-loading" aria-live="polite">
          <div className="skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          <p>Opening {name}…</p>
        </div>
      );
    case 'running':
      if (entry?.dialogsCut)
        return (
          <div className="panel-status panel-error" role="alert" style={{ bottom: 'auto' }}>
            <p>{name} opened too many dialogs. Its next ones are answered “Cancel” without asking you.</p>
            <button type="button" onClick={onClose}>
              Close app
            </button>
          </div>
        );
      // A newer version was approved while this one runs: the member chooses when to take it.
      return entry?.readyVersion === undefined ? null : (
        <div className="panel-status panel-ready" role="status" style={{ bottom: 'auto' }}>
          <p>Version {entry.readyVersion} is ready.</p>
          <button type="button" onClick={onRestart}>
            Reload
          </button>
        </div>
      );
    case 'error':
    case 'fetch-error':
      return (
        // A banner, not a cover: the frame's own overlay shows the code frame below it.
        <div className="panel-status panel-error" role="alert" style={{ bottom: 'auto' }}>
          {state.kind === 'error' ? <AppError name={name} error={state.error} /> : <p>{state.message}</p>}
          <button type="button" onClick={onRestart}>
            Reload app
          </button>
        </div>
      );
    case 'stopped':
      return (
        <div className="panel-status panel-error" role="alert">
          <p>{STOPPED_TEXT[state.reason]}</p>
          <button type="button" onClick={onRestart}>
            {state.reason === 'navigated' ? 'Reload app' : 'Restart'}
          </button>
        </div>
      );
  }
}

export const STOPPED_TEXT = {
  unresponsive: 'This app stopped responding',
  navigated: 'This app left its page and was stopped.',
  flooded: 'This app sent the launcher too many messages and was stopped.',
  closed: 'You closed this app.',
} as const;

/**
 * The app's error in its own words, quoted under the launcher's line that names the app: its text (cut
 * to the protocol's bounds) never reads as the launcher speaking.
 */
function AppError({ name, error }: { name: string; error: FrameError }) {
  const at = [error.file, error.line, error.column].filter((p) => p !== undefined).join(':');
  return (
    <>
      <p>{name} reported an error:</p>
      <blockquote className="app-words">
        {withoutControls(at ? `${at}: ${error.message}` : error.message)}
      </blockquote>
    </>
  );
}
