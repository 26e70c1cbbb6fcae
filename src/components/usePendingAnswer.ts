import { useCallback, useState } from 'react';

/** A request waiting for the person: a prompt shows it and answers through `answer`. */
export interface Pending<R> {
  request: R;
  answer: (yes: boolean) => void;
}

/** One yes/no question at a time for a gate's `ask`: the prompt renders `pending`; an abort answers no. */
export function usePendingAnswer<R>() {
  const [pending, setPending] = useState<Pending<R>>();
  const ask = useCallback(
    (request: R, signal: AbortSignal) =>
      new Promise<boolean>((resolve) => {
        const answer = (yes: boolean) => {
          setPending(undefined);
          resolve(yes);
        };
        signal.addEventListener('abort', () => answer(false));
        setPending({ request, answer });
      }),
    [],
  );
  return { ask, pending };
}
