import { median, percentile } from './stats.ts';

export interface LoadResult {
  name: string;
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  throughput: number;
  p50: number;
  p99: number;
}

/**
 * Open-loop load: one request every 1000/rate ms for `seconds`, whatever the answers do, so a slow
 * server shows up as latency instead of a lower send rate. Loopback only; bounded in count and time.
 * `warmupSeconds` (default 1) run first at the same rate and are not counted.
 */
export async function fixedRate(
  name: string,
  opts: { rate: number; seconds: number; send: (i: number) => Promise<boolean>; warmupSeconds?: number },
): Promise<LoadResult> {
  // The first second at the same rate is not counted: it pays for JIT-cold code paths and new sockets.
  const warmup = opts.warmupSeconds ?? 1;
  if (warmup > 0) {
    await fixedRate(`${name} (warm-up)`, {
      ...opts,
      seconds: warmup,
      warmupSeconds: 0,
      send: (i) => opts.send(1_000_000 + i),
    });
  }
  const total = opts.rate * opts.seconds;
  const interval = 1000 / opts.rate;
  const latencies: number[] = [];
  let ok = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const sentAt = performance.now();
    inflight.push(
      opts.send(i).then(
        (good) => {
          latencies.push(performance.now() - sentAt);
          if (good) ok += 1;
        },
        () => {
          latencies.push(performance.now() - sentAt);
        },
      ),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - started) / 1000;
  return {
    name,
    rate: opts.rate,
    seconds: opts.seconds,
    sent: total,
    ok,
    throughput: ok / elapsed,
    p50: median(latencies),
    p99: percentile(latencies, 99),
  };
}

/** A stateless MCP tools/call over Streamable HTTP (JSON responses), as an agent sends it. */
export function mcpCall(
  url: string,
  token: string,
  tool: string,
  args: unknown,
  id: number,
): Promise<boolean> {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: tool, arguments: args },
    }),
  }).then(async (res) => {
    const body = (await res.json()) as { result?: { isError?: boolean } };
    return res.ok && body.result !== undefined && !body.result.isError;
  });
}
