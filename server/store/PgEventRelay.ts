import crypto from 'node:crypto';
import pg from 'pg';
import type { EventBus } from '../domain/EventBus.ts';
import type { Db } from './sqlEvents.ts';

/** How often subscribed rooms' `event_seq` is read, for a notification lost (a server killed between its commit and NOTIFY, a dropped LISTEN connection). */
export const CATCH_UP_MS = 2_000;
const RECONNECT_MS = 1_000;

/**
 * Carries the event bus across servers on one PostgreSQL: each local publish is a NOTIFY whose payload
 * is the sender's id and the channel (a room id or a fixed name), never an event's content; other servers'
 * notifications wake this server's listeners, which re-read the store by seq as always. A catch-up read
 * of the subscribed rooms' seq covers a lost notification; a reconnect wakes every listener.
 */
export class PgEventRelay {
  private readonly id = crypto.randomBytes(6).toString('hex');
  private client: pg.Client | undefined;
  private channel = '';
  private closed = false;
  private readonly seen = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly url: string,
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {
    this.timer = setInterval(() => void this.catchUp(), CATCH_UP_MS);
    this.timer.unref();
  }

  /** Starts relaying for `bus`; resolves once this server listens. */
  static async start(url: string, db: Db, bus: EventBus): Promise<PgEventRelay> {
    const relay = new PgEventRelay(url, db, bus);
    await relay.connect();
    bus.relay = (channel) => relay.send(channel);
    return relay;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.bus.relay = undefined;
    await this.client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel || !msg.payload) return;
      const space = msg.payload.indexOf(' ');
      if (msg.payload.slice(0, space) !== this.id) this.bus.deliver(msg.payload.slice(space + 1));
    });
    await client.connect();
    // Channels are database-wide: one per schema, so databases' schemas (tests' too) stay apart.
    const schema = await client.query<{ s: string }>('SELECT current_schema() AS s');
    this.channel = `room_events_${schema.rows[0]?.s ?? 'public'}`.slice(0, 63);
    await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    this.client = client;
  }

  private reconnect(dead: pg.Client): void {
    if (this.closed || this.client !== dead) return;
    this.client = undefined;
    dead.end().catch(() => {});
    const retry = () => {
      if (this.closed) return;
      this.connect().then(
        // Whatever was sent while away: every listener re-reads from its own seq.
        () => this.wakeAll(),
        () => setTimeout(retry, RECONNECT_MS).unref(),
      );
    };
    setTimeout(retry, RECONNECT_MS).unref();
  }

  private send(channel: string): void {
    // Not connected: the others' catch-up read finds the room's new seq.
    this.client?.query('SELECT pg_notify($1, $2)', [this.channel, `${this.id} ${channel}`]).catch(() => {});
  }

  private wakeAll(): void {
    for (const channel of this.bus.channels()) this.bus.deliver(channel);
  }

  private async catchUp(): Promise<void> {
    const rooms = this.bus.channels().filter((c) => !c.startsWith('#'));
    for (const id of this.seen.keys()) if (!rooms.includes(id)) this.seen.delete(id);
    if (!rooms.length) return;
    try {
      const rows = await this.db
        .selectFrom('rooms')
        .select(['id', 'event_seq'])
        .where('id', 'in', rooms)
        .execute();
      for (const row of rows) {
        const seq = Number(row.event_seq);
        if (this.seen.get(row.id) === seq) continue;
        this.seen.set(row.id, seq);
        this.bus.deliver(row.id);
      }
    } catch {
      // The database is away: the next round reads again.
    }
  }
}
