import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Past this many distinct SQL texts, statements are prepared per call (SQL built from values). */
const MAX_CACHED_STATEMENTS = 500;

/**
 * The database as Kysely's SQLite driver sees it, handing back the statement already compiled for the
 * same SQL text: compiling SQL cost more than running it. Kysely prepares once per query it runs.
 */
export function reusedStatements(db: Database.Database): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => db.close(),
    prepare: (sql) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        if (cache.size < MAX_CACHED_STATEMENTS) cache.set(sql, statement);
      }
      return statement;
    },
  };
}
