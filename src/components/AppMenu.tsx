import { useCallback, useEffect, useRef, useState } from 'react';
import type { StorageBridge } from '../../runtime/host/StorageBridge.ts';
import type { LauncherAppView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { Failure, failed } from '../wireError.ts';
import { AppDataTransfer } from './AppDataTransfer.tsx';
import { AppVersions } from './AppVersions.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';
import { formatBytes } from './formatBytes.ts';
import { useApi } from './useApi.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "App menu" for the open app: who proposed and approved it, its content hash, its versions (the owner
 * can roll back), what it keeps on this device, "Export data"/"Import data" (a file the person keeps) and
 * "Clear app data" (after a confirmation). The data itself never reaches the server.
 */
export function AppMenu({
  roomId,
  roomName,
  app,
  storage,
  owner = false,
}: {
  roomId: string;
  roomName: string;
  app: LauncherAppView;
  storage: StorageBridge;
  /** The room's owner: each older version offers a rollback. */
  owner?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [usage, setUsage] = useState<{ bytes: number; keys: number } | Failure>();
  const [persisted, setPersisted] = useState<boolean>();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | Failure>();
  // Read each time the menu opens: the app may have moved on since.
  const read = useApi(
    () =>
      open
        ? api('GET /api/rooms/:roomId/apps/:appId/about', { params: { roomId, appId: app.id } }).then(
            (r) => r.about,
          )
        : undefined,
    [open, roomId, app.id],
  );
  const about = read.state === 'ready' ? read.value : read.state === 'failed' ? read.failure : undefined;
  const who = useRef({ roomId, appId: app.id });
  who.current = { roomId, appId: app.id };

  const readUsage = useCallback(() => {
    storage.usage(who.current).then(setUsage, failed(setUsage));
  }, [storage]);

  useEffect(() => {
    if (!open) return;
    readUsage();
    storage.persisted.then(setPersisted);
    // The app writes while the menu is open (here or in another tab): keep "bytes used" current.
    return storage.subscribe((n) => {
      if (n.roomId === roomId && n.appId === app.id) readUsage();
    });
  }, [open, roomId, app.id, storage, readUsage]);

  const show = () => {
    setConfirming(false);
    setStatus(undefined);
    setOpen(true);
    dialog.current?.showModal();
  };
  const clear = () => {
    setConfirming(false);
    storage.clear(who.current).then(
      () => {
        setStatus('App data cleared on this device.');
        readUsage();
      },
      failed(setStatus, 'Could not clear'),
    );
  };

  return (
    <>
      <button type="button" className="app-menu-button" aria-haspopup="dialog" onClick={show}>
        App menu
      </button>
      <dialog
        ref={dialog}
        className="app-menu"
        aria-labelledby="app-menu-title"
        onClose={() => setOpen(false)}
      >
        <h2 id="app-menu-title">About {app.name}</h2>
        {about instanceof Failure ? (
          <ErrorNotice failure={about} className="" />
        ) : (
          // The same rows while loading: the versions below never move under a pointer on their way.
          <dl aria-busy={!about}>
            <dt>Version</dt>
            <dd>{about ? about.version : '…'}</dd>
            <dt>Proposed by</dt>
            <dd>{about ? `${about.proposed_by}, ${when(about.proposed_at)}` : '…'}</dd>
            <dt>Approved by</dt>
            <dd>{about ? `${about.approved_by}, ${when(about.approved_at)}` : '…'}</dd>
            <dt>Content hash (SHA-256)</dt>
            <dd>
              <code className="hash" style={about ? undefined : { visibility: 'hidden' }}>
                {about ? about.content_sha256 : '0'.repeat(64)}
              </code>
            </dd>
          </dl>
        )}
        {open && <AppVersions roomId={roomId} appId={app.id} appName={app.name} owner={owner} />}
        <h3>Data on this device</h3>
        <p aria-live="polite" data-testid="app-data-usage">
          {usage instanceof Failure ? (
            <ErrorNotice failure={usage} as="span" className="" announce={false} />
          ) : usage ? (
            `${formatBytes(usage.bytes)} in ${usage.keys} ${usage.keys === 1 ? 'key' : 'keys'} (limit 10 MB)`
          ) : (
            'Measuring…'
          )}
        </p>
        <p className="muted">
          Kept in this browser only, never sent to the server.
          {persisted === false && ' The browser may remove it when the device runs low on space.'}
        </p>
        {status instanceof Failure ? (
          <ErrorNotice failure={status} className="" announce="status" />
        ) : (
          status && <p role="status">{status}</p>
        )}
        {open && <AppDataTransfer room={{ id: roomId, name: roomName }} app={app} storage={storage} />}
        <div className="app-menu-actions">
          {confirming ? (
            <>
              <span>Delete everything {app.name} keeps on this device?</span>
              <button type="button" className="danger" onClick={clear}>
                Confirm clear
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setConfirming(true)}>
              Clear app data
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
