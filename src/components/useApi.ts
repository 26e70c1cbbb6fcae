import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { Failure } from '../wireError.ts';

/** One read from the server as a page holds it: waiting, its answer, or its failure as wire-error data. */
export type ApiState<T> =
  | { state: 'loading' }
  | { state: 'ready'; value: T }
  | { state: 'failed'; failure: Failure };

const LOADING = { state: 'loading' } as const;

/**
 * Hands `read`'s outcome to `settle` (a failure kept as a Failure led by `lead`) unless the answered
 * cancel ran first: an answer that arrives after unmount or after the deps moved on is dropped.
 */
export function settleRead<T>(
  read: Promise<T>,
  settle: (state: ApiState<T>) => void,
  lead?: string,
): () => void {
  let live = true;
  read.then(
    (value) => live && settle({ state: 'ready', value }),
    (err: unknown) => live && settle({ state: 'failed', failure: Failure.of(err, lead) }),
  );
  return () => {
    live = false;
  };
}

/**
 * Runs `read` (an `api()` call) whenever `deps` change and answers its state. New deps show 'loading'
 * again; `reload()` reads again and keeps what is shown until the new answer comes. `read` may answer
 * undefined where there is nothing to read yet (the state stays 'loading').
 */
export function useApi<T>(
  read: () => Promise<T> | undefined,
  deps: DependencyList,
  lead?: string,
): ApiState<T> & { reload: () => void } {
  const [state, setState] = useState<ApiState<T>>(LOADING);
  const [attempt, setAttempt] = useState(0);
  // The caller's deps decide when `read` is a new read; its closure changes every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's, as in useEffect
  const current = useCallback(read, deps);
  const shown = useRef(current);
  useEffect(() => {
    void attempt;
    // What is shown belongs to the old deps: wait again. A reload (same deps) keeps it meanwhile.
    if (shown.current !== current) {
      shown.current = current;
      setState(LOADING);
    }
    const pending = current();
    return pending && settleRead(pending, setState, lead);
  }, [current, attempt, lead]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
