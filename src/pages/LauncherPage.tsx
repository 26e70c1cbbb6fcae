import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FrameBridge } from '../../runtime/host/FrameController.ts';
import type { LauncherView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { AppMenu } from '../components/AppMenu.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { MountedApps, poolApp } from '../components/MountedApps.tsx';
import { PageFailed, PageLoading } from '../components/PageStatus.tsx';
import { SavePrompt } from '../components/SavePrompt.tsx';
import { TabBar } from '../components/TabBar.tsx';
import { useFramePool } from '../components/useFramePool.ts';
import { usePromptGate } from '../components/usePromptGate.ts';
import { useSaveGate } from '../components/useSaveGate.ts';
import { ConnectedLink } from '../launcher/ConnectedLink.tsx';
import { EmptyRoom } from '../launcher/EmptyRoom.tsx';
import { LinkPrompt } from '../launcher/LinkPrompt.tsx';
import { ManageRoomMenu } from '../launcher/ManageRoomMenu.tsx';
import { OwnerControls, saveAppOrder } from '../launcher/OwnerControls.tsx';
import { ReviewLink } from '../launcher/ReviewLink.tsx';
import { type BackupMode, RoomBackupDialog } from '../launcher/RoomBackupDialog.tsx';
import { useClipboardGate } from '../launcher/useClipboardGate.ts';
import { useLinkGate } from '../launcher/useLinkGate.ts';
import { navigate, useLocation } from '../router.ts';
import { type RoomEvent, useRoomEvents } from '../useRoomEvents.ts';
import { Failure, failed } from '../wireError.ts';

/** `/rooms/<id>`: the Room's launcher. The selected app is in the URL (`?app=`). */
export function LauncherPage({ roomId }: { roomId: string }) {
  const [data, setData] = useState<LauncherView>();
  const [error, setError] = useState<Failure>();
  const [reorderError, setReorderError] = useState<Failure>();
  const [backupMode, setBackupMode] = useState<BackupMode>();
  const { search } = useLocation();
  const wanted = search.get('app');
  const prompts = usePromptGate(wanted ?? data?.apps[0]?.id);
  const { gate, pending } = useSaveGate(prompts);
  const links = useLinkGate(prompts);
  const clipboard = useClipboardGate(prompts);
  // Each gate answers only its own method: a save, a link, a copy.
  const prompted = useMemo<FrameBridge>(
    () => (who, message, reply) => {
      for (const g of [gate, links.gate, clipboard.gate]) g.handle(who, message, reply);
    },
    [gate, links.gate, clipboard.gate],
  );
  const { pool, onWarm, storage, bridge } = useFramePool(roomId, data?.apps, prompted);

  // Names of apps seen on this page, so a removal while open can say which app went.
  const seen = useRef(new Map<string, string>());
  const [changes, setChanges] = useState(0);
  const load = useCallback(
    (then?: (view: LauncherView) => void) => {
      api('GET /api/rooms/:roomId', { params: { roomId } })
        .then((view) => {
          setData(view);
          then?.(view);
        })
        .catch(failed(setError));
    },
    [roomId],
  );
  useEffect(() => load(), [load]);
  // Tabs come and go live: any launcher or review change re-reads the room.
  useRoomEvents(
    roomId,
    useCallback(
      (e: RoomEvent) => {
        // New code for an app: its frames take it (the shown one when the member reloads), with the
        // re-read room's view of it, since a new version may bring its own package bundle.
        if (e.type === 'app.updated') {
          const { app_id, version } = e.data;
          load((view) => {
            const app = view.apps.find((a) => a.id === app_id);
            if (app) pool.updated(poolApp(app), version);
          });
        } else load();
        setChanges((n) => n + 1);
      },
      [load, pool],
    ),
  );

  if (error) return <PageFailed title="Room unavailable" failure={error} />;
  if (!data) return <PageLoading>Loading room…</PageLoading>;

  for (const app of data.apps) seen.current.set(app.id, app.name);
  const selected = wanted ? data.apps.find((a) => a.id === wanted) : data.apps[0];
  const removed = wanted && !selected ? { name: seen.current.get(wanted) } : undefined;
  const select = (id: string) => navigate(`/rooms/${roomId}?app=${encodeURIComponent(id)}`);
  const owner = data.room.role === 'owner';
  // The data this device keeps for the room's apps: owners find these under Manage room, members under My data.
  const dataActions = [
    { label: "Back up this device's data", run: () => setBackupMode('backup') },
    { label: 'Restore from backup', run: () => setBackupMode('restore') },
  ];
  const reorder = (ids: string[]) => {
    // Shown at once; the server's order (and every other launcher's) follows from `apps.reordered`.
    const byId = new Map(data.apps.map((a) => [a.id, a]));
    setData({ ...data, apps: ids.flatMap((id) => byId.get(id) ?? []) });
    setReorderError(undefined);
    saveAppOrder(roomId, ids).then(
      () => load(),
      (err: unknown) => {
        setReorderError(Failure.of(err, 'Could not reorder the tabs'));
        load();
      },
    );
  };

  return (
    <main className="launcher">
      <div className="launcher-head">
        <h1 className="launcher-title">{data.room.name}</h1>
        {selected && (
          <AppMenu roomId={roomId} roomName={data.room.name} app={selected} storage={storage} owner={owner} />
        )}
        {owner && (
          <OwnerControls
            roomId={roomId}
            roomName={data.room.name}
            app={selected}
            apps={data.apps}
            onChanged={() => load()}
            more={dataActions}
          />
        )}
        {!owner && <ManageRoomMenu label="My data" actions={dataActions} />}
        <RoomBackupDialog
          mode={backupMode}
          room={{ id: roomId, name: data.room.name }}
          apps={data.apps}
          storage={storage}
          onClose={() => setBackupMode(undefined)}
        />
        {reorderError && <ErrorNotice failure={reorderError} />}
        <nav className="launcher-links" aria-label="Room">
          {owner && <ReviewLink roomId={roomId} changes={changes} />}
          <ConnectedLink roomId={roomId} />
        </nav>
      </div>
      {data.apps.length === 0 ? (
        <EmptyRoom roomId={roomId} owner={owner} />
      ) : (
        <>
          <TabBar
            apps={data.apps}
            selectedId={selected?.id}
            onSelect={select}
            onWarm={onWarm}
            onReorder={owner ? reorder : undefined}
          />
          <MountedApps
            roomId={roomId}
            pool={pool}
            bridge={bridge}
            apps={data.apps}
            selected={selected}
            removed={removed}
          />
        </>
      )}
      {pending && (
        <SavePrompt
          key={pending.request.name + pending.request.bytes.byteLength}
          pending={pending}
          appName={seen.current.get(pending.request.who.appId) ?? 'this app'}
        />
      )}
      {links.pending && (
        <LinkPrompt
          key={links.pending.request.href}
          pending={links.pending}
          appName={seen.current.get(links.pending.request.who.appId) ?? 'this app'}
        />
      )}
      <p role="status" className="copied-notice">
        {clipboard.copied && `Copied by ${seen.current.get(clipboard.copied.appId) ?? 'an app'}`}
      </p>
    </main>
  );
}
