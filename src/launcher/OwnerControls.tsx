import { useState } from 'react';
import type { LauncherAppView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { type Failure, failed } from '../wireError.ts';
import { ManageRoomMenu, type MenuAction } from './ManageRoomMenu.tsx';
import { moveTo } from './moveTo.ts';

/** Saves a new tab order; every open launcher of the room gets it as `apps.reordered`. */
export const saveAppOrder = (roomId: string, ids: string[]) =>
  api('PUT /api/rooms/:roomId/app-order', { params: { roomId }, body: { apps: ids } });

/** The owner's tools on the launcher, in the "Manage room" menu: rename, move the open tab, remove it. */
export function OwnerControls({
  roomId,
  roomName,
  app,
  apps,
  onChanged,
  more = [],
}: {
  roomId: string;
  roomName: string;
  app: LauncherAppView | undefined;
  apps: LauncherAppView[];
  onChanged: () => void;
  /** Further items at the menu's end (the room backup's). */
  more?: MenuAction[];
}) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'remove'>('idle');
  const [name, setName] = useState(roomName);
  const [error, setError] = useState<Failure>();
  const ids = apps.map((a) => a.id);
  const at = app ? ids.indexOf(app.id) : -1;
  const run = (p: Promise<unknown>) =>
    p.then(() => {
      setMode('idle');
      setError(undefined);
      onChanged();
    }, failed(setError));
  const move = (by: number) => app && run(saveAppOrder(roomId, moveTo(ids, app.id, at + by)));
  return (
    <div className="owner-controls">
      {error && <ErrorNotice failure={error} as="span" />}
      {mode === 'rename' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run(api('PATCH /api/rooms/:roomId', { params: { roomId }, body: { name } }));
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
          <button
            type="button"
            onClick={() =>
              run(api('DELETE /api/rooms/:roomId/apps/:appId', { params: { roomId, appId: app.id } }))
            }
          >
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
            ...more,
          ]}
        />
      )}
    </div>
  );
}
