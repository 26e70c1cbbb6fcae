import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateFile, ensurePrivateFolder } from './privateFiles.ts';

/**
 * Opens (creating if needed) the SQLite file of the data folder; openStore migrates it.
 * WAL with synchronous=FULL: a committed write survives a process crash and a power loss.
 * The folder is 0700 and the database files 0600: they hold sessions and token hashes.
 */
export function openDatabase(dataDir: string): Database.Database {
  ensurePrivateFolder(dataDir);
  fs.accessSync(dataDir, fs.constants.W_OK);
  const file = path.join(dataDir, 'rooms.sqlite');
  // SQLite gives -wal and -shm the database file's mode: create that file owner-only before SQLite does.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) ensurePrivateFile(f);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
