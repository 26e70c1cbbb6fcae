import { RequestError } from './RequestError.ts';

export interface RetryOptions {
  /** Attempts in all, the first included (default 5). */
  attempts?: number;
  /** Delay before the first retry, doubled each time up to `capMs` (defaults 500 ms, 8 s). */
  baseMs?: number;
  capMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (attempt: number, error: RequestError, delayMs: number) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `fn` again after transient failures (network, 5xx) with bounded exponential backoff. */
export async function withRetry<T>(fn: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const attempts = opts.attempts ?? 5;
  const sleep = opts.sleep ?? realSleep;
  let delay = opts.baseMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof RequestError) || !err.transient || attempt >= attempts) throw err;
      opts.onRetry?.(attempt, err, delay);
      await sleep(delay);
      delay = Math.min(delay * 2, opts.capMs ?? 8000);
    }
  }
}
