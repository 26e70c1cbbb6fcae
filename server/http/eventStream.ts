import { readEvents } from '../domain/events.ts';
import { requirePrincipal } from './authenticate.ts';
import type { Ctx } from './Router.ts';

const HEARTBEAT_MS = 15_000;
const BATCH = 200;

/**
 * `text/event-stream` of a room's events the caller may see, from `Last-Event-ID` or `?after=`.
 * Each event's `id` is its `seq`, so a reconnecting EventSource resumes where it stopped.
 */
export async function serveEventStream(ctx: Ctx): Promise<void> {
  const { req, res, deps } = ctx;
  const who = await requirePrincipal(ctx, 'osfoundry:read');
  const roomId = ctx.params.roomId as string;
  const from = req.headers['last-event-id'] ?? ctx.url.searchParams.get('after');
  let cursor = Number.isSafeInteger(Number(from)) && Number(from) >= 0 ? Number(from) : undefined;
  // Fails (404, local room) before any header is sent, so errors stay JSON.
  const first = await readEvents(deps, who, roomId, cursor ?? 0, BATCH);
  cursor ??= first.latest;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 1000\n: connected at ${cursor}\n\n`);

  let running = false;
  let again = false;
  let closed = false;
  const flush = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          const { events } = await readEvents(deps, who, roomId, cursor ?? 0, BATCH);
          if (closed) break;
          for (const e of events) res.write(`id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
          if (events.length) cursor = events[events.length - 1]?.seq ?? cursor;
          if (events.length < BATCH || closed) break;
        }
      } while (again && !closed);
    } catch {
      // The caller lost access (removed member) or the room is gone: end the stream.
      res.end();
    } finally {
      running = false;
    }
  };
  const off = deps.bus.subscribe(roomId, () => void flush());
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  await flush();
  await new Promise<void>((resolve) => {
    res.on('close', () => {
      closed = true;
      off();
      clearInterval(heartbeat);
      resolve();
    });
  });
}
