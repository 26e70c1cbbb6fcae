import type { WireEvent } from '../validation/events.ts';

export interface FollowedEvents {
  events: WireEvent[];
  /** Streams opened after the first ended (a server gone, a proxy's cut), each from Last-Event-ID. */
  reconnects: number;
  stop: () => Promise<void>;
}

/**
 * An EventSource as a browser runs it, in Node: reads a room's event stream and, when it ends or fails,
 * opens it again with `Last-Event-ID` set to the last event seen, until stopped.
 */
export function followEvents(url: string, headers: Record<string, string>): FollowedEvents {
  const out: FollowedEvents = { events: [], reconnects: 0, stop: async () => {} };
  const abort = new AbortController();
  let last: number | undefined;
  const once = async () => {
    const res = await fetch(url, {
      headers: { ...headers, ...(last === undefined ? {} : { 'last-event-id': String(last) }) },
      signal: abort.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`event stream: HTTP ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data === undefined) continue;
        const event = JSON.parse(data) as WireEvent;
        out.events.push(event);
        last = event.seq;
      }
    }
  };
  const run = (async () => {
    for (let first = true; !abort.signal.aborted; first = false) {
      if (!first) out.reconnects++;
      try {
        await once();
      } catch {
        // Cut or refused: EventSource waits `retry` (1 s here, shorter) and tries again.
      }
      if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, 200));
    }
  })();
  out.stop = async () => {
    abort.abort();
    await run;
  };
  return out;
}
