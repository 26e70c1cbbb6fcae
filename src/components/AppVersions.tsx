import { useCallback, useEffect, useState } from 'react';
import type { AppVersionsView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { Failure, failed } from '../wireError.ts';
import { ErrorNotice } from './ErrorNotice.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The app menu's "Versions": every approved version, newest first, with its content hash, who proposed
 * and approved it and when; the owner can roll back to an older one after confirming.
 */
export function AppVersions({
  roomId,
  appId,
  appName,
  owner,
}: {
  roomId: string;
  appId: string;
  appName: string;
  owner: boolean;
}) {
  const [history, setHistory] = useState<AppVersionsView | Failure>();
  const [confirming, setConfirming] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | Failure>();
  const load = useCallback(() => {
    api('GET /api/rooms/:roomId/apps/:appId/versions', { params: { roomId, appId } }).then(
      (r) => setHistory(r.versions),
      failed(setHistory, 'Could not load the versions'),
    );
  }, [roomId, appId]);
  useEffect(load, [load]);
  const rollback = (version: number) => {
    setBusy(true);
    setStatus(undefined);
    api('POST /api/rooms/:roomId/apps/:appId/rollback', { params: { roomId, appId }, body: { version } })
      .then(
        (r) => {
          setHistory(r.versions);
          setStatus(`Rolled back to version ${version}: it runs as version ${r.app.version}.`);
        },
        failed(setStatus, 'Could not roll back'),
      )
      .finally(() => {
        setBusy(false);
        setConfirming(undefined);
      });
  };
  return (
    <section aria-labelledby="app-versions-title" className="app-versions">
      <h3 id="app-versions-title">Versions</h3>
      {history instanceof Failure ? (
        <ErrorNotice failure={history} className="" />
      ) : !history ? (
        <p aria-live="polite">Loading versions…</p>
      ) : (
        <ol className="version-list" aria-label={`Versions of ${appName}`}>
          {history.versions.map((v) => (
            <li key={v.version}>
              <strong>Version {v.version}</strong>
              {v.version === history.current_version && ' (current)'}
              {v.rollback_of !== null && ` · rollback to version ${v.rollback_of}`} ·{' '}
              <code className="hash" title={v.content_sha256}>
                {v.content_sha256.slice(0, 12)}
              </code>
              <br />
              <span className="muted">
                Proposed by {v.proposed_by}, approved by {v.approved_by},{' '}
                <time dateTime={v.approved_at}>{when(v.approved_at)}</time>
              </span>
              {owner &&
                v.version !== history.current_version &&
                (confirming === v.version ? (
                  <span className="version-confirm">
                    {' '}
                    Run version {v.version} of {appName} again, as version {history.current_version + 1}?{' '}
                    <button
                      type="button"
                      className="danger"
                      disabled={busy}
                      onClick={() => rollback(v.version)}
                    >
                      Confirm rollback
                    </button>{' '}
                    <button type="button" disabled={busy} onClick={() => setConfirming(undefined)}>
                      Cancel
                    </button>
                  </span>
                ) : (
                  <>
                    {' '}
                    <button type="button" onClick={() => setConfirming(v.version)}>
                      Roll back to version {v.version}
                    </button>
                  </>
                ))}
            </li>
          ))}
        </ol>
      )}
      {status instanceof Failure ? (
        <ErrorNotice failure={status} className="" announce="status" />
      ) : (
        status && <p role="status">{status}</p>
      )}
    </section>
  );
}
