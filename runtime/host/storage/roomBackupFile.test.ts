import { describe, expect, it } from 'vitest';
import { APP_DATA_LIMITS, makeAppDataFile } from './appDataFile.ts';
import { backupMaxBytes, backupText, type RoomBackup, readBackup, unlockBackup } from './roomBackupFile.ts';

const room = { id: 'r1', name: 'Family' };
const app = (id: string, value: string) =>
  makeAppDataFile(
    { room, app: { id, name: `App ${id}`, version: 1 }, exportedAt: '2026-12-07T14:00:00.000Z' },
    { sdk: [['k', JSON.stringify(value)]], localStorage: [['l', value]], windowStorage: [] },
  );
const backup = async (): Promise<RoomBackup> => ({
  format: 'room-backup',
  version: 1,
  room,
  exportedAt: '2026-12-07T14:00:00.000Z',
  apps: [await app('a', 'one'), await app('b', 'two')],
});
const MAX = backupMaxBytes(2);
const refused = (p: Promise<unknown>, message: RegExp) =>
  expect(p).rejects.toMatchObject({ name: 'DataFileError', message });

describe('room backups', () => {
  it('round-trip in the clear, every app checked by its own hash', async () => {
    const read = await readBackup(await backupText(await backup()), MAX);
    expect(read).toEqual({ locked: false, backup: await backup() });
    const text = (await backupText(await backup())).replace('"one"', '"uno"');
    await refused(readBackup(text, MAX), /App 1 of the backup: The content hash does not match/);
  });

  it('encrypt with a passphrase; a wrong one or a changed byte decrypts nothing', async () => {
    const text = await backupText(await backup(), 'correct horse');
    expect(text).not.toContain('App a');
    const read = await readBackup(text, MAX);
    if (!read.locked) throw new Error('expected a locked backup');
    expect(read.file.encryption).toMatchObject({
      cipher: 'AES-GCM',
      kdf: 'PBKDF2-SHA-256',
      iterations: 600_000,
    });
    expect(await unlockBackup(read.file, 'correct horse')).toEqual(await backup());
    await refused(unlockBackup(read.file, 'wrong horse'), /Wrong passphrase, or the file was changed/);
    const flipped = read.file.ciphertext.startsWith('A')
      ? `B${read.file.ciphertext.slice(1)}`
      : `A${read.file.ciphertext.slice(1)}`;
    await refused(unlockBackup({ ...read.file, ciphertext: flipped }, 'correct horse'), /Wrong passphrase/);
    // Fewer iterations would make a stolen file cheaper to guess: refused, not followed.
    await refused(readBackup(text.replace('600000', '1000'), MAX), /does not use/);
  });

  it('refuses a file over the sum of the apps’ quotas before parsing, and other formats', async () => {
    expect(backupMaxBytes(3)).toBe(3 * APP_DATA_LIMITS.maxBytes);
    await refused(readBackup(`{${' '.repeat(MAX)}}`, MAX), /more than this room's apps may keep/);
    await refused(readBackup(JSON.stringify({ format: 'room-app-data' }), MAX), /not a Room backup/);
    await refused(readBackup('{"format":"room-backup","version":1,"__proto__":{}}', MAX), /"__proto__"/);
  });

  it('refuses an app of another room inside a backup, and a time that is not a date', async () => {
    const stranger = await makeAppDataFile(
      {
        room: { id: 'r2', name: 'Work' },
        app: { id: 'c', name: 'App c', version: 1 },
        exportedAt: '2026-12-07T14:00:00.000Z',
      },
      { sdk: [], localStorage: [['l', 'x']], windowStorage: [] },
    );
    const mixed = { ...(await backup()), apps: [await app('a', 'one'), stranger] };
    await refused(readBackup(await backupText(mixed), MAX), /App 2 of the backup is from another room/);
    const undated = { ...(await backup()), exportedAt: 'not a date at all' };
    await refused(readBackup(await backupText(undated), MAX), /The export time is not a date/);
  });
});
