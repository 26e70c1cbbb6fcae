import { useState } from 'react';
import { api, type LauncherApp } from '../api.ts';

/** Owner actions on the launcher: rename the room, remove the open app (after a confirmation). */
export function OwnerControls({
  roomId,
  roomName,
  app,
  apps,
  onChanged,
}: {
  roomId: string;
  roomName: string;
  app: LauncherApp | undefined;
  apps: LauncherApp[];
  onChanged: () => void;
}) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'remove'>('idle');
  const [name, setName] = useState(roomName);
  const [error, setError] = useState<string>();
  const base = `/api/rooms/${encodeURIComponent(roomId)}`;
  const move = (by: number) => {
    const ids = apps.map((a) => a.id);
    const from = app ? ids.indexOf(app.id) : -1;
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    ids.splice(to, 0, ...ids.splice(from, 1));
    run(api(`${base}/app-order`, { method: 'PUT', body: { apps: ids } }));
  };
  const run = (p: Promise<unknown>) =>
    p.then(
      () => {
        setMode('idle');
        setError(undefined);
        onChanged();
      },
      (err: Error) => setError(err.message),
    );
  return (
    <div className="owner-controls">
      {error && (
        <span role="alert" className="error-text">
          {error}
        </span>
      )}
      {mode === 'rename' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run(api(base, { method: 'PATCH', body: { name } }));
          }}
        >
          <input
            aria-label="Room name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit">Save name</button>
          <button type="button" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'remove' && app && (
        <span>
          Remove {app.name} from the launcher for everyone?{' '}
          <button type="button" onClick={() => run(api(`${base}/apps/${app.id}`, { method: 'DELETE' }))}>
            Confirm remove
          </button>
          <button type="button" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </span>
      )}
      {mode === 'idle' && (
        <>
          <button type="button" onClick={() => setMode('rename')}>
            Rename room
          </button>
          {app && (
            <>
              <button type="button" onClick={() => move(-1)} disabled={apps[0]?.id === app.id}>
                Move tab left
              </button>
              <button type="button" onClick={() => move(1)} disabled={apps.at(-1)?.id === app.id}>
                Move tab right
              </button>
              <button type="button" onClick={() => setMode('remove')}>
                Remove app
              </button>
            </>
          )}
        </>
      )}
    </div>
  );
}
