import { CodedError } from '../../validation/errorCodes.ts';
import type { Principal } from '../domain/auth.ts';
import { onCredentialsChanged } from '../domain/credentialsChanged.ts';
import { readEvents } from '../domain/events.ts';
import { authenticate, requirePrincipal } from './authenticate.ts';
import type { Ctx, Deps } from './Router.ts';

const HEARTBEAT_MS = 15_000;
/** How often an open stream re-checks its caller (an expired session; revocations end it at once). */
export const STREAM_RECHECK_MS = 5_000;
/** Open streams one token or one session may hold at once. */
export const STREAMS_PER_CREDENTIAL = 8;
/** Open streams one person may hold at once, whatever tokens and sessions they use. */
export const STREAMS_PER_PERSON = 16;
const BATCH = 200;

// Per server (a process may run several in tests), per credential: streams open now.
const openStreams = new WeakMap<Deps, Map<string, number>>();

/**
 * `text/event-stream` of a room's events the caller may see, from `Last-Event-ID` or `?after=`.
 * Each event's `id` is its `seq`, so a reconnecting EventSource resumes where it stopped.
 */
export async function serveEventStream(ctx: Ctx): Promise<void> {
  const who = await requirePrincipal(ctx, 'osfoundry:read');
  const release = holdStream(ctx.deps, who);
  try {
    await stream(ctx, who);
  } finally {
    release();
  }
}

function holdStream(deps: Deps, who: Principal): () => void {
  let counts = openStreams.get(deps);
  if (!counts) {
    counts = new Map();
    openStreams.set(deps, counts);
  }
  const key = who.via === 'token' ? `token:${who.tokenId ?? who.grantId}` : `session:${who.sessionId}`;
  // Per person too: a write token can mint more tokens, each with a credential budget of its own.
  const person = `person:${who.personId}`;
  if ((counts.get(key) ?? 0) >= STREAMS_PER_CREDENTIAL)
    throw new CodedError(
      'rate_limited',
      `Too many open event streams for this sign-in: at most ${STREAMS_PER_CREDENTIAL} at once. Close one first.`,
      { limit: STREAMS_PER_CREDENTIAL },
    );
  if ((counts.get(person) ?? 0) >= STREAMS_PER_PERSON)
    throw new CodedError(
      'rate_limited',
      `Too many open event streams for one person: at most ${STREAMS_PER_PERSON} at once, across all your tokens and sign-ins. Close one first.`,
      { limit: STREAMS_PER_PERSON },
    );
  const bump = (k: string, by: number) => {
    const n = (counts.get(k) ?? 0) + by;
    if (n > 0) counts.set(k, n);
    else counts.delete(k);
  };
  bump(key, 1);
  bump(person, 1);
  return () => {
    bump(key, -1);
    bump(person, -1);
  };
}

/** The seq to resume after, or undefined (start at the next event) when none or not a seq was given. */
function resumePoint(from: string | string[] | null | undefined): number | undefined {
  // Number(null) and Number('') are 0, which would replay the room's whole history.
  if (typeof from !== 'string' || !/^\d+$/.test(from)) return undefined;
  const seq = Number(from);
  return Number.isSafeInteger(seq) ? seq : undefined;
}

async function stream(ctx: Ctx, who: Principal): Promise<void> {
  const { req, res, deps } = ctx;
  const roomId = ctx.params.roomId as string;
  let cursor = resumePoint(req.headers['last-event-id'] ?? ctx.url.searchParams.get('after'));
  // Fails (404, local room) before any header is sent, so errors stay JSON.
  const first = await readEvents(deps, who, roomId, cursor ?? 0, BATCH);
  // None given, or one past the room's latest (another history, a made-up id): the next event is next.
  if (cursor === undefined || cursor > first.latest) cursor = first.latest;
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
  const end = () => {
    if (!closed) res.end();
  };
  // The same credential, still valid, for the same person: a revoked token or ended session ends the stream.
  const stillAllowed = async () => {
    try {
      return (await authenticate(ctx))?.personId === who.personId;
    } catch {
      return false;
    }
  };
  const flush = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (!(await stillAllowed())) return end();
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
      end();
    } finally {
      running = false;
    }
  };
  const recheck = async () => {
    if (!closed && !(await stillAllowed())) end();
  };
  const offRoom = deps.bus.subscribe(roomId, () => void flush());
  const offCredentials = onCredentialsChanged(deps.bus, () => void recheck());
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  const rechecks = setInterval(() => void recheck(), STREAM_RECHECK_MS);
  const ended = new Promise<void>((resolve) => {
    res.on('close', () => {
      closed = true;
      offRoom();
      offCredentials();
      clearInterval(heartbeat);
      clearInterval(rechecks);
      resolve();
    });
  });
  await flush();
  await ended;
}
