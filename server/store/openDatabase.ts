import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations.ts';
import { ensurePrivateFile, ensurePrivateFolder } from './privateFiles.ts';

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
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
  migrate(db);
  cachePreparedStatements(db);
  return db;
}

/**
 * Every `db.prepare(sql)` returns the statement already compiled for that text: the store prepares
 * at each call, and compiling SQL cost more than running it. Calls with more arguments (better-sqlite3's
 * own `pragma`) and statements whose mode a caller changes (`pluck`, `raw`: none here) stay uncached.
 */
const MAX_CACHED_STATEMENTS = 500;

function cachePreparedStatements(db: Database.Database): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((...args: Parameters<typeof prepare>) => {
    const [sql] = args;
    if (args.length !== 1) return prepare(...args);
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      // SQL built from values would grow the cache without end: past the bound, prepare as before.
      if (cache.size < MAX_CACHED_STATEMENTS) cache.set(sql, statement);
    }
    return statement;
  }) as typeof db.prepare;
}

function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `The data folder's schema (v${current}) is newer than this build (v${migrations.length})`,
    );
  }
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
