import { sql } from 'kysely';
import type { OwnerTokenPeers } from '../domain/auth.ts';
import { newId } from '../domain/ids.ts';
import type { SqlStore } from './SqlStore.ts';

/** Any fixed number: the PostgreSQL advisory lock servers take while they set up the owner and the demo. */
const STARTUP_LOCK = 7_301_120;
/** How often a running server says it is alive; one unseen for STALE_MS is gone (a kill -9 says nothing). */
export const HEARTBEAT_MS = 10_000;
export const STALE_MS = 30_000;

/**
 * The servers alive on one database and the owner token hash each ensured, so servers starting together
 * agree on the owner's bootstrap token. Start-up runs under a lock: PostgreSQL's session advisory lock
 * on a connection of its own; SQLite has one server per data folder.
 */
export class ServerRegistry implements OwnerTokenPeers {
  readonly id = newId('s');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: SqlStore,
    private readonly now: () => number,
  ) {}

  /** Runs `fn` while no other server on the database runs its own start-up. */
  async exclusively<T>(fn: () => Promise<T>): Promise<T> {
    if (this.store.engine !== 'postgres') return fn();
    return this.store.db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
      try {
        return await fn();
      } finally {
        await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
      }
    });
  }

  async liveHashes(): Promise<string[]> {
    const rows = await this.store.db
      .selectFrom('server_instances')
      .select('owner_token_hash')
      .distinct()
      .where('id', '!=', this.id)
      .where('seen_at', '>=', this.now() - STALE_MS)
      .execute();
    return rows.map((r) => r.owner_token_hash);
  }

  /** Records this server alive with `hash`, and keeps saying so until `leave`. */
  async join(hash: string): Promise<void> {
    const at = this.now();
    await this.store.db
      .deleteFrom('server_instances')
      .where('seen_at', '<', at - STALE_MS)
      .execute();
    await this.store.db
      .insertInto('server_instances')
      .values({ id: this.id, owner_token_hash: hash, started_at: at, seen_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ owner_token_hash: hash, seen_at: at }))
      .execute();
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  async leave(): Promise<void> {
    clearInterval(this.timer);
    await this.store.db.deleteFrom('server_instances').where('id', '=', this.id).execute();
  }

  private async beat(): Promise<void> {
    try {
      await this.store.db
        .updateTable('server_instances')
        .set({ seen_at: this.now() })
        .where('id', '=', this.id)
        .execute();
    } catch {
      // The database is away for a moment: the next beat tries again.
    }
  }
}
