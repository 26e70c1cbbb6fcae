import { utf8Bytes } from '../../storageLimits.ts';
import {
  APP_DATA_LIMITS,
  type AppDataFile,
  appDataFileText,
  checkAppDataFile,
  checkFileSize,
  DataFileError,
  exactObject,
  exportTime,
  parseFileJson,
  text,
} from './appDataFile.ts';

/** Every app of a room as this device keeps it: one app data file each. */
export interface RoomBackup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  room: { id: string; name: string };
  exportedAt: string;
  apps: AppDataFile[];
}

/** A backup encrypted with a passphrase: only the format and how to derive the key are in the clear. */
export interface LockedBackup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  encryption: typeof ENCRYPTION & { salt: string; iv: string };
  ciphertext: string;
}

export const BACKUP_FORMAT = 'room-backup';
export const BACKUP_VERSION = 1;
/** WebCrypto only (the shell's CSP forbids WebAssembly): PBKDF2-SHA-256 at OWASP's 600,000 iterations, AES-256-GCM. */
const ENCRYPTION = { cipher: 'AES-GCM', kdf: 'PBKDF2-SHA-256', iterations: 600_000 } as const;

/** A backup is at most what its apps may keep: one app data file's limit per app of the room. */
export const backupMaxBytes = (apps: number) => Math.max(1, apps) * APP_DATA_LIMITS.maxBytes;
/** A backup nests app files: root, apps, app file, data, area, pair. */
const MAX_DEPTH = 8;

const b64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
const unb64 = (text: string, what: string) => {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    throw new DataFileError(`The backup's ${what} is not base64: the file was changed or damaged.`);
  }
};

async function keyFrom(passphrase: string, salt: Uint8Array): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: salt as Uint8Array<ArrayBuffer>,
      iterations: ENCRYPTION.iterations,
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** What the cipher authenticates besides the data: the clear header, so no field of it can be swapped. */
const headerBytes = (salt: string, iv: string) =>
  new TextEncoder().encode(JSON.stringify([BACKUP_FORMAT, BACKUP_VERSION, ENCRYPTION, salt, iv]));

/** The backup file's text: in the clear, or encrypted with `passphrase` when one is given. */
export async function backupText(backup: RoomBackup, passphrase?: string): Promise<string> {
  const plain = JSON.stringify({ ...backup, apps: backup.apps.map((a) => JSON.parse(appDataFileText(a))) });
  if (!passphrase) return `${plain}\n`;
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const [saltText, ivText] = [b64(salt), b64(iv)];
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: headerBytes(saltText, ivText) },
    await keyFrom(passphrase, salt),
    new TextEncoder().encode(plain),
  );
  const locked: LockedBackup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    encryption: { ...ENCRYPTION, salt: saltText, iv: ivText },
    ciphertext: b64(new Uint8Array(sealed)),
  };
  return `${JSON.stringify(locked)}\n`;
}

/** A backup file read: its apps, or (encrypted) what {@link unlockBackup} needs with the passphrase. */
export type ReadBackup = { locked: false; backup: RoomBackup } | { locked: true; file: LockedBackup };

/** Reads a backup file's text (size checked first, then depth, keys, format and every app's hash). */
export async function readBackup(text: string, maxBytes: number): Promise<ReadBackup> {
  checkFileSize(utf8Bytes(text), maxBytes, "this room's apps");
  const x = parseFileJson(text, MAX_DEPTH);
  const head = x as Record<string, unknown>;
  if (typeof x !== 'object' || x === null || head.format !== BACKUP_FORMAT)
    throw new DataFileError('This is not a Room backup file (its "format" is not room-backup).');
  if (head.version !== BACKUP_VERSION)
    throw new DataFileError(
      `This backup is format version ${String(head.version).slice(0, 20)}; this launcher reads version ${BACKUP_VERSION}.`,
    );
  if (Object.hasOwn(head, 'encryption')) return { locked: true, file: checkLocked(head) };
  return { locked: false, backup: await checkBackup(head) };
}

function checkLocked(x: Record<string, unknown>): LockedBackup {
  const o = exactObject(x, ['format', 'version', 'encryption', 'ciphertext'], 'The backup');
  const e = exactObject(o.encryption, ['cipher', 'kdf', 'iterations', 'salt', 'iv'], 'The encryption');
  if (e.cipher !== ENCRYPTION.cipher || e.kdf !== ENCRYPTION.kdf || e.iterations !== ENCRYPTION.iterations)
    throw new DataFileError('The backup is encrypted in a way this launcher does not use: refused.');
  if (typeof e.salt !== 'string' || typeof e.iv !== 'string' || typeof o.ciphertext !== 'string')
    throw new DataFileError("The backup's encryption fields must be text.");
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    encryption: { ...ENCRYPTION, salt: e.salt, iv: e.iv },
    ciphertext: o.ciphertext,
  };
}

/** Decrypts with the passphrase; a wrong one and a changed file are one error (GCM cannot tell them apart). */
export async function unlockBackup(file: LockedBackup, passphrase: string): Promise<RoomBackup> {
  const { salt, iv } = file.encryption;
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: unb64(iv, 'iv'), additionalData: headerBytes(salt, iv) },
      await keyFrom(passphrase, unb64(salt, 'salt')),
      unb64(file.ciphertext, 'ciphertext'),
    );
  } catch (err) {
    if (err instanceof DataFileError) throw err;
    throw new DataFileError(
      'Wrong passphrase, or the file was changed: it cannot be decrypted. Nothing was changed.',
    );
  }
  const inner = parseFileJson(new TextDecoder().decode(plain), MAX_DEPTH) as Record<string, unknown>;
  if (
    typeof inner !== 'object' ||
    inner === null ||
    inner.format !== BACKUP_FORMAT ||
    Object.hasOwn(inner, 'encryption')
  )
    throw new DataFileError('The decrypted backup is not a Room backup.');
  return checkBackup(inner);
}

async function checkBackup(x: Record<string, unknown>): Promise<RoomBackup> {
  const o = exactObject(x, ['format', 'version', 'room', 'exportedAt', 'apps'], 'The backup');
  const room = exactObject(o.room, ['id', 'name'], "The backup's room");
  const roomId = text(room.id, "The backup's room id");
  const roomName = text(room.name, "The backup's room name");
  const exportedAt = exportTime(o.exportedAt);
  if (!Array.isArray(o.apps)) throw new DataFileError("The backup's apps must be a list.");
  const apps: AppDataFile[] = [];
  for (const [i, app] of o.apps.entries()) {
    let file: AppDataFile;
    try {
      file = await checkAppDataFile(app);
    } catch (err) {
      throw new DataFileError(`App ${i + 1} of the backup: ${(err as Error).message}`);
    }
    // One room's backup: an app of another room inside it would be restored under a name it does not have.
    if (file.room.id !== roomId) throw new DataFileError(`App ${i + 1} of the backup is from another room.`);
    apps.push(file);
  }
  if (new Set(apps.map((a) => a.app.id)).size !== apps.length)
    throw new DataFileError('The backup names an app twice.');
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    room: { id: roomId, name: roomName },
    exportedAt,
    apps,
  };
}
