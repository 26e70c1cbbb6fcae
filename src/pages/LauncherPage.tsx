import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type LauncherApp, type Room } from '../api.ts';
import { AppMenu } from '../components/AppMenu.tsx';
import { MountedApps } from '../components/MountedApps.tsx';
import { TabBar } from '../components/TabBar.tsx';
import { useFramePool } from '../components/useFramePool.ts';
import { navigate, useLocation } from '../router.ts';
import { useRoomEvents } from '../useRoomEvents.ts';
import { ConnectedLink } from './ConnectedLink.tsx';
import { OwnerControls } from './OwnerControls.tsx';
import { ReviewLink } from './ReviewLink.tsx';

/** `/rooms/<id>`: the Room's launcher. The selected app is in the URL (`?app=`). */
export function LauncherPage({ roomId }: { roomId: string }) {
  const [data, setData] = useState<{ room: Room; apps: LauncherApp[] }>();
  const [error, setError] = useState<string>();
  const { search } = useLocation();
  const { pool, onWarm, storage } = useFramePool(roomId, data?.apps);

  // Names of apps seen on this page, so a removal while open can say which app went.
  const seen = useRef(new Map<string, string>());
  const [changes, setChanges] = useState(0);
  const load = useCallback(() => {
    api<{ room: Room; apps: LauncherApp[] }>(`/api/rooms/${encodeURIComponent(roomId)}`)
      .then(setData)
      .catch((err: Error) => setError(err.message));
  }, [roomId]);
  useEffect(load, [load]);
  // Tabs come and go live: any launcher or review change re-reads the room.
  useRoomEvents(
    roomId,
    useCallback(() => {
      load();
      setChanges((n) => n + 1);
    }, [load]),
  );

  if (error)
    return (
      <main className="page">
        <h1>Room unavailable</h1>
        <p role="alert">{error}</p>
      </main>
    );
  if (!data) return <main className="page page-status">Loading room…</main>;

  for (const app of data.apps) seen.current.set(app.id, app.name);
  const wanted = search.get('app');
  const selected = wanted ? data.apps.find((a) => a.id === wanted) : data.apps[0];
  const removed = wanted && !selected ? { name: seen.current.get(wanted) } : undefined;
  const select = (id: string) => navigate(`/rooms/${roomId}?app=${encodeURIComponent(id)}`);

  return (
    <main className="launcher">
      <div className="launcher-head">
        <h1 className="launcher-title">{data.room.name}</h1>
        {selected && <AppMenu roomId={roomId} app={selected} storage={storage} />}
        {data.room.role === 'owner' && (
          <OwnerControls
            roomId={roomId}
            roomName={data.room.name}
            app={selected}
            apps={data.apps}
            onChanged={load}
          />
        )}
        <nav className="launcher-links" aria-label="Room">
          {data.room.role === 'owner' && <ReviewLink roomId={roomId} changes={changes} />}
          <ConnectedLink roomId={roomId} />
        </nav>
      </div>
      {data.apps.length === 0 ? (
        <p className="page-status">No apps in this room yet.</p>
      ) : (
        <>
          <TabBar apps={data.apps} selectedId={selected?.id} onSelect={select} onWarm={onWarm} />
          <MountedApps
            roomId={roomId}
            pool={pool}
            bridge={storage.handle}
            apps={data.apps}
            selected={selected}
            removed={removed}
          />
        </>
      )}
    </main>
  );
}
