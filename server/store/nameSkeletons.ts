import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { type Kysely, sql } from 'kysely';
import { nameSkeleton } from '../../validation/confusableNames.ts';

/**
 * What the look-alike index holds for a name: the SHA-256 of its confusable skeleton. Fixed-size, since a
 * 200-character name's skeleton can run to thousands of bytes (NFKC expands U+FDFA into 18 letters),
 * past what a PostgreSQL index entry may hold; equal skeletons, and only they, give equal keys.
 */
export function skeletonKey(name: string): string {
  return crypto.createHash('sha256').update(nameSkeleton(name)).digest('hex');
}

/** Distinct names a statement: under SQLite's 32,766 bound parameters. */
const BATCH = 1000;
const META_KEY = 'name_skeleton_basis';

/**
 * What a stored skeleton was computed with: the confusables table and the runtime's Unicode (NFKC, the
 * invisible characters). Another basis may skeleton a name differently, so stored ones are computed again.
 */
export const SKELETON_BASIS = `unhomoglyph ${
  (createRequire(import.meta.url)('unhomoglyph/package.json') as { version: string }).version
}, Unicode ${process.versions.unicode}`;

/**
 * Sets `skeleton_sha256` on every proposal and app from its name (call inside a transaction), or with
 * `missing` on those without one only: each distinct name's skeleton is computed once here, put in a
 * scratch table (temporary: this connection's own, so two servers starting at once never share it), and
 * copied over by name in one statement.
 */
export async function fillNameSkeletons(db: Kysely<unknown>, missing = false): Promise<void> {
  const only = missing ? sql`WHERE skeleton_sha256 IS NULL` : sql``;
  const found = await sql<{ name: string }>`
    SELECT name FROM proposals ${only} UNION SELECT name FROM instances ${only}`.execute(db);
  if (missing && found.rows.length === 0) return;
  await sql`CREATE TEMP TABLE name_skeleton_fill (name TEXT PRIMARY KEY, skeleton TEXT NOT NULL)`.execute(db);
  for (let i = 0; i < found.rows.length; i += BATCH) {
    const values = found.rows.slice(i, i + BATCH).map((r) => sql`(${r.name}, ${skeletonKey(r.name)})`);
    await sql`INSERT INTO name_skeleton_fill (name, skeleton) VALUES ${sql.join(values)}`.execute(db);
  }
  for (const table of ['proposals', 'instances'])
    await sql`UPDATE ${sql.table(table)} SET skeleton_sha256 =
      (SELECT f.skeleton FROM name_skeleton_fill f WHERE f.name = ${sql.ref(`${table}.name`)}) ${only}`.execute(
      db,
    );
  await sql`DROP TABLE name_skeleton_fill`.execute(db);
  if (missing) return;
  await sql`DELETE FROM meta WHERE key = ${META_KEY}`.execute(db);
  await sql`INSERT INTO meta (key, value) VALUES (${META_KEY}, ${SKELETON_BASIS})`.execute(db);
}

/**
 * At start-up: every stored skeleton computed again when this build or runtime computes them differently;
 * otherwise only rows without one (written meanwhile by a server of the build before, on a shared database).
 */
export async function refreshNameSkeletons(db: Kysely<unknown>): Promise<void> {
  const stored = await sql<{ value: string }>`SELECT value FROM meta WHERE key = ${META_KEY}`.execute(db);
  const same = stored.rows[0]?.value === SKELETON_BASIS;
  await db.transaction().execute((trx) => fillNameSkeletons(trx, same));
}
