import { useState } from 'react';
import { api, type LauncherApp } from '../api.ts';
import { ManageRoomMenu } from './ManageRoomMenu.tsx';

/** `ids` with `id` moved to index `to` (clamped). */
export function moveTo(ids: readonly string[], id: string, to: number): string[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}

/** Saves a new tab order; every open launcher of the room gets it as `apps.reordered`. */
export const saveAppOrder = (roomId: string, ids: string[]) =>
  api(`/api/rooms/${encodeURIComponent(roomId)}/app-order`, { method: 'PUT', body: { apps: ids } });

/** The owner's tools on the launcher, in the "Manage room" menu: rename, move the open tab, remove it. */
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
  const ids = apps.map((a) => a.id);
  const at = app ? ids.indexOf(app.id) : -1;
  const run = (p: Promise<unknown>) =>
    p.then(
      () => {
        setMode('idle');
        setError(undefined);
        onChanged();
      },
      (err: Error) => setError(err.message),
    );
  const move = (by: number) => app && run(saveAppOrder(roomId, moveTo(ids, app.id, at + by)));
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
            // biome-ignore lint/a11y/noAutofocus: the person just chose "Rename room": the field is what they want.
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit">Save name</button>
          <button type="button" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'remove' && app && (
        <span className="confirm">
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
        <ManageRoomMenu
          actions={[
            {
              label: 'Rename room',
              run: () => {
                setName(roomName);
                setMode('rename');
              },
            },
            { label: 'Move tab left', disabled: !app || at <= 0, run: () => move(-1) },
            { label: 'Move tab right', disabled: !app || at >= ids.length - 1, run: () => move(1) },
            { label: 'Remove app', disabled: !app, run: () => setMode('remove') },
          ]}
        />
      )}
    </div>
  );
}
