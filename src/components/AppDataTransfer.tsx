import { useId, useState } from 'react';
import type { StorageBridge } from '../../runtime/host/StorageBridge.ts';
import {
  APP_DATA_LIMITS,
  type AppDataFile,
  appDataFileText,
  checkFileSize,
  DataFileError,
  dataSize,
  makeAppDataFile,
  parseAppDataFile,
} from '../../runtime/host/storage/appDataFile.ts';
import type { LauncherAppView } from '../../validation/views.ts';
import { dataFileName, jsonBytes } from './dataFileName.ts';
import { downloadFile } from './downloadFile.ts';
import { FilePickButton } from './FilePickButton.tsx';
import { formatBytes } from './formatBytes.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * **Export data** and **Import data** in the App menu: a file the person keeps, made and read in this page
 * (never uploaded). An import shows what the file holds and asks before replacing the app's data.
 */
export function AppDataTransfer({
  room,
  app,
  storage,
}: {
  room: { id: string; name: string };
  app: LauncherAppView;
  storage: StorageBridge;
}) {
  const [status, setStatus] = useState<{ text: string; error?: boolean }>();
  const [pending, setPending] = useState<AppDataFile>();
  const [otherOk, setOtherOk] = useState(false);
  const choiceId = useId();
  const who = { roomId: room.id, appId: app.id };

  const exportData = async () => {
    setStatus(undefined);
    try {
      const data = await storage.exportData(who);
      const file = await makeAppDataFile(
        {
          room,
          app: { id: app.id, name: app.name, version: app.version },
          exportedAt: new Date().toISOString(),
        },
        data,
      );
      const name = dataFileName(`${app.name} data`);
      downloadFile({ name, type: 'application/json', bytes: jsonBytes(appDataFileText(file)) });
      setStatus({ text: `Exported ${dataSize(data).keys} keys to ${name}.` });
    } catch (err) {
      setStatus({ text: `Could not export: ${(err as Error).message}`, error: true });
    }
  };

  const read = async (file: File | undefined) => {
    if (!file) return;
    setPending(undefined);
    setOtherOk(false);
    try {
      // Refused by its size before a byte of it is read.
      checkFileSize(file.size, APP_DATA_LIMITS.maxBytes);
      setPending(await parseAppDataFile(await file.text()));
      setStatus(undefined);
    } catch (err) {
      const message =
        err instanceof DataFileError ? err.message : `The file could not be read: ${(err as Error).message}`;
      setStatus({
        text: `${message.replace(/ Nothing was changed\.$/, '')} Nothing was changed.`,
        error: true,
      });
    }
  };

  const replace = () => {
    const file = pending;
    if (!file) return;
    setPending(undefined);
    storage.importData(who, file.data).then(
      () => setStatus({ text: `Imported ${dataSize(file.data).keys} keys: ${app.name} reloads onto them.` }),
      (err: Error) =>
        setStatus({ text: `Could not import: ${err.message}. Nothing was changed.`, error: true }),
    );
  };

  const other = pending && (pending.app.id !== app.id || pending.room.id !== room.id);
  const size = pending && dataSize(pending.data);
  return (
    <>
      {status && (
        <p role={status.error ? 'alert' : 'status'} className={status.error ? 'error-text' : undefined}>
          {status.text}
        </p>
      )}
      {pending && size && (
        <section className="data-import" aria-label="Import data">
          <p>
            <strong>
              <bdi>{pending.app.name}</bdi>
            </strong>{' '}
            data from room{' '}
            <strong>
              <bdi>{pending.room.name}</bdi>
            </strong>
            : {size.keys} {size.keys === 1 ? 'key' : 'keys'}, {formatBytes(size.bytes)}, exported{' '}
            {when(pending.exportedAt)}.
          </p>
          {other && (
            <p className="warning">
              This file is from another {pending.app.id !== app.id ? 'app' : 'room'}: “
              <bdi>{pending.app.name}</bdi>” in “<bdi>{pending.room.name}</bdi>”, not {app.name} in{' '}
              {room.name}.
            </p>
          )}
          {pending.app.version !== app.version && (
            <p className="warning">
              It was exported from version {pending.app.version} of the app; {app.name} is at version{' '}
              {app.version}.
            </p>
          )}
          {other && (
            <label htmlFor={choiceId} className="choice">
              <input
                id={choiceId}
                type="checkbox"
                checked={otherOk}
                onChange={(e) => setOtherOk(e.target.checked)}
              />{' '}
              Import it into {app.name} anyway
            </label>
          )}
          <p>Replace everything {app.name} keeps on this device with this file?</p>
          <div className="app-menu-actions">
            <button type="button" className="danger" disabled={other && !otherOk} onClick={replace}>
              Replace data
            </button>
            <button type="button" onClick={() => setPending(undefined)}>
              Cancel import
            </button>
          </div>
        </section>
      )}
      <div className="app-menu-actions">
        <button type="button" onClick={exportData}>
          Export data
        </button>
        <FilePickButton inputLabel="Data file to import" onPick={read}>
          Import data
        </FilePickButton>
      </div>
    </>
  );
}
