import type Database from 'better-sqlite3';
import type { RepositoryRow, VersionRow } from './Store.ts';

type Row = Record<string, unknown>;

/** Repositories and their immutable, content-addressed versions. */
export function createRepository(db: Database.Database, r: RepositoryRow): void {
  db.prepare('INSERT INTO repositories (id, owner_id, name, created_at) VALUES (?, ?, ?, ?)').run(
    r.id,
    r.ownerId,
    r.name,
    r.createdAt,
  );
}

export function getRepository(db: Database.Database, id: string): RepositoryRow | undefined {
  const r = db.prepare('SELECT * FROM repositories WHERE id = ?').get(id) as Row | undefined;
  return r
    ? { id: String(r.id), ownerId: String(r.owner_id), name: String(r.name), createdAt: Number(r.created_at) }
    : undefined;
}

export function putVersion(db: Database.Database, v: VersionRow): VersionRow {
  // INSERT OR IGNORE keeps the first copy: a version, once stored, never changes.
  db.prepare(
    'INSERT OR IGNORE INTO repository_versions (repository_id, id, files_json, created_at) VALUES (?, ?, ?, ?)',
  ).run(v.repositoryId, v.id, JSON.stringify(v.files), v.createdAt);
  return getVersion(db, v.repositoryId, v.id) as VersionRow;
}

export function getVersion(db: Database.Database, repositoryId: string, id: string): VersionRow | undefined {
  const r = db
    .prepare('SELECT * FROM repository_versions WHERE repository_id = ? AND id = ?')
    .get(repositoryId, id) as Row | undefined;
  return r
    ? {
        repositoryId: String(r.repository_id),
        id: String(r.id),
        files: JSON.parse(String(r.files_json)) as Record<string, string>,
        createdAt: Number(r.created_at),
      }
    : undefined;
}

export function listVersions(db: Database.Database, repositoryId: string): Omit<VersionRow, 'files'>[] {
  const rows = db
    .prepare(
      'SELECT repository_id, id, created_at FROM repository_versions WHERE repository_id = ? ORDER BY created_at, id',
    )
    .all(repositoryId) as Row[];
  return rows.map((r) => ({
    repositoryId: String(r.repository_id),
    id: String(r.id),
    createdAt: Number(r.created_at),
  }));
}
