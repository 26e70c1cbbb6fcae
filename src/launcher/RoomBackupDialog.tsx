import { useEffect, useId, useRef, useState } from 'react';
import type { StorageBridge } from '../../runtime/host/StorageBridge.ts';
import {
  checkFileSize,
  DataFileError,
  dataSize,
  makeAppDataFile,
} from '../../runtime/host/storage/appDataFile.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupMaxBytes,
  backupText,
  type LockedBackup,
  type RoomBackup,
  readBackup,
  unlockBackup,
} from '../../runtime/host/storage/roomBackupFile.ts';
import type { LauncherAppView } from '../../validation/views.ts';
import { dataFileName, jsonBytes } from '../components/dataFileName.ts';
import { downloadFile } from '../components/downloadFile.ts';
import { FilePickButton } from '../components/FilePickButton.tsx';
import { formatBytes } from '../components/formatBytes.ts';
import { restoreTargets } from './restoreTargets.ts';

export type BackupMode = 'backup' | 'restore';
const problem = (err: unknown) =>
  `${(err instanceof DataFileError ? err.message : `The file could not be read: ${(err as Error).message}`).replace(/ Nothing was changed\.$/, '')} Nothing was changed.`;

/**
 * **Back up this device's data** (every app of the room in one file, optionally encrypted with a
 * passphrase) and **Restore from backup** (the person picks the apps): made and read in this page only.
 */
export function RoomBackupDialog({
  mode,
  room,
  apps,
  storage,
  onClose,
}: {
  mode: BackupMode | undefined;
  room: { id: string; name: string };
  apps: LauncherAppView[];
  storage: StorageBridge;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (mode && !dialog.current?.open) dialog.current?.showModal();
    if (!mode) dialog.current?.close();
  }, [mode]);
  return (
    <dialog ref={dialog} className="app-menu backup-dialog" aria-labelledby="backup-title" onClose={onClose}>
      {mode === 'backup' && <BackUp room={room} apps={apps} storage={storage} />}
      {mode === 'restore' && <Restore room={room} apps={apps} storage={storage} />}
      <div className="app-menu-actions">
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}

interface Props {
  room: { id: string; name: string };
  apps: LauncherAppView[];
  storage: StorageBridge;
}

function BackUp({ room, apps, storage }: Props) {
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [status, setStatus] = useState<{ text: string; error?: boolean }>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (passphrase !== again) return setStatus({ text: 'The two passphrases differ.', error: true });
    setBusy(true);
    setStatus({ text: passphrase ? 'Encrypting…' : 'Collecting…' });
    try {
      const exportedAt = new Date().toISOString();
      const files = await Promise.all(
        apps.map(async (app) =>
          makeAppDataFile(
            { room, app: { id: app.id, name: app.name, version: app.version }, exportedAt },
            await storage.exportData({ roomId: room.id, appId: app.id }),
          ),
        ),
      );
      const backup: RoomBackup = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        room,
        exportedAt,
        apps: files,
      };
      const name = dataFileName(`${room.name} backup`);
      downloadFile({
        name,
        type: 'application/json',
        bytes: jsonBytes(await backupText(backup, passphrase || undefined)),
      });
      setStatus({
        text: `Backed up ${files.length} ${files.length === 1 ? 'app' : 'apps'} to ${name}${passphrase ? ', encrypted' : ''}.`,
      });
    } catch (err) {
      setStatus({ text: `Could not back up: ${(err as Error).message}`, error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h2 id="backup-title">Back up this device's data</h2>
      <p>
        One file with what every app of {room.name} keeps in this browser. It is made here and goes to your
        downloads; nothing is sent to the server.
      </p>
      <label>
        Passphrase (optional)
        <input
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
      </label>
      <label>
        Passphrase again
        <input
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
      </label>
      <p className="warning">
        A passphrase encrypts the file (AES-GCM). A lost passphrase cannot be recovered: nobody, not even the
        room's owner, can open the backup without it.
      </p>
      {status && (
        <p role={status.error ? 'alert' : 'status'} className={status.error ? 'error-text' : undefined}>
          {status.text}
        </p>
      )}
      <div className="app-menu-actions">
        <button type="button" disabled={busy} onClick={save}>
          Save backup
        </button>
      </div>
    </>
  );
}

function Restore({ room, apps, storage }: Props) {
  const [locked, setLocked] = useState<LockedBackup>();
  const [backup, setBackup] = useState<RoomBackup>();
  const [passphrase, setPassphrase] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [otherRoomOk, setOtherRoomOk] = useState(false);
  const [status, setStatus] = useState<{ text: string; error?: boolean }>();
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const maxBytes = backupMaxBytes(apps.length);

  const opened = (b: RoomBackup) => {
    setBackup(b);
    setLocked(undefined);
    setPicked(new Set(restoreTargets(apps, b).keys()));
    setStatus(undefined);
  };
  const read = async (file: File | undefined) => {
    if (!file) return;
    setBackup(undefined);
    setLocked(undefined);
    setOtherRoomOk(false);
    try {
      checkFileSize(file.size, maxBytes, "this room's apps");
      const got = await readBackup(await file.text(), maxBytes);
      if (got.locked) {
        setLocked(got.file);
        setStatus(undefined);
      } else opened(got.backup);
    } catch (err) {
      setStatus({ text: problem(err), error: true });
    }
  };
  const unlock = async () => {
    if (!locked) return;
    setBusy(true);
    setStatus({ text: 'Decrypting…' });
    try {
      opened(await unlockBackup(locked, passphrase));
    } catch (err) {
      setStatus({ text: problem(err), error: true });
    } finally {
      setBusy(false);
    }
  };
  const restore = async () => {
    if (!backup) return;
    setBusy(true);
    const done: string[] = [];
    try {
      const targets = restoreTargets(apps, backup);
      for (const file of backup.apps) {
        const target = picked.has(file.app.id) && targets.get(file.app.id);
        if (!target) continue;
        await storage.importData({ roomId: room.id, appId: target.id }, file.data);
        done.push(target.name);
      }
      setStatus({
        text: `Restored ${done.length} ${done.length === 1 ? 'app' : 'apps'}: ${done.join(', ')}.`,
      });
      setBackup(undefined);
    } catch (err) {
      const kept = done.length ? ` Restored before it: ${done.join(', ')}.` : ' Nothing was changed.';
      setStatus({ text: `Could not restore: ${(err as Error).message}.${kept}`, error: true });
    } finally {
      setBusy(false);
    }
  };

  const otherRoom = backup && backup.room.id !== room.id;
  const targets = backup && restoreTargets(apps, backup);
  return (
    <>
      <h2 id="backup-title">Restore from backup</h2>
      <p>
        Pick a backup file of this room; it is read here, never uploaded. Restoring an app replaces what it
        keeps on this device.
      </p>
      <div className="app-menu-actions">
        <FilePickButton inputLabel="Backup file" onPick={read}>
          Choose backup file
        </FilePickButton>
      </div>
      {locked && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            unlock();
          }}
        >
          <p>This backup is encrypted.</p>
          <label>
            Passphrase
            <input
              type="password"
              autoComplete="current-password"
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
            />
          </label>
          <button type="submit" disabled={busy}>
            Unlock
          </button>
        </form>
      )}
      {status && (
        <p role={status.error ? 'alert' : 'status'} className={status.error ? 'error-text' : undefined}>
          {status.text}
        </p>
      )}
      {backup && (
        <fieldset aria-describedby={listId}>
          <legend>Apps to restore</legend>
          <p id={listId} className="muted">
            Backup of <bdi>{backup.room.name}</bdi>, made {new Date(backup.exportedAt).toLocaleString()}.
          </p>
          {otherRoom && (
            <>
              <p className="warning">
                This backup is from another room: “<bdi>{backup.room.name}</bdi>”, not {room.name}.
              </p>
              <label>
                <input
                  type="checkbox"
                  checked={otherRoomOk}
                  onChange={(e) => setOtherRoomOk(e.target.checked)}
                />{' '}
                Restore it into {room.name} anyway
              </label>
            </>
          )}
          {backup.apps.map((file) => {
            const target = targets?.get(file.app.id);
            const size = dataSize(file.data);
            return (
              <label key={file.app.id}>
                <input
                  type="checkbox"
                  disabled={!target}
                  checked={!!target && picked.has(file.app.id)}
                  onChange={(e) => {
                    const next = new Set(picked);
                    if (e.target.checked) next.add(file.app.id);
                    else next.delete(file.app.id);
                    setPicked(next);
                  }}
                />{' '}
                <bdi>{file.app.name}</bdi> ({size.keys} {size.keys === 1 ? 'key' : 'keys'},{' '}
                {formatBytes(size.bytes)}){!target && ' — not in this room'}
                {target && target.name !== file.app.name && (
                  <>
                    {' '}
                    — restores into <bdi>{target.name}</bdi>
                  </>
                )}
                {target &&
                  target.version !== file.app.version &&
                  ` — saved from version ${file.app.version}, now ${target.version}`}
              </label>
            );
          })}
          <div className="app-menu-actions">
            <button
              type="button"
              className="danger"
              disabled={busy || picked.size === 0 || (otherRoom && !otherRoomOk)}
              onClick={restore}
            >
              Restore selected apps
            </button>
          </div>
        </fieldset>
      )}
    </>
  );
}
