import { useEffect, useRef, useState } from 'react';
import { importAgain } from '../components/importAgain.ts';
import { Failure } from '../wireError.ts';
import type { UpdateChanges } from './UpdateChanges.tsx';

/**
 * The diff view, imported only by an update's card (it carries the diff library): the component, a
 * Failure when the import failed, or undefined while it loads; `retry` imports it again.
 */
export function useUpdateChanges(wanted: boolean) {
  const [view, setView] = useState<typeof UpdateChanges | Failure>();
  const [attempt, setAttempt] = useState(0);
  const failed = useRef<unknown>(undefined);
  useEffect(() => {
    if (!wanted) return;
    void attempt;
    let live = true;
    setView(undefined);
    const load = () => import('./UpdateChanges.tsx');
    (failed.current === undefined ? load() : importAgain(load, failed.current)).then(
      (m) => live && setView(() => m.UpdateChanges),
      (err: unknown) => {
        failed.current = err;
        if (live) setView(Failure.of(err, 'Could not load the changes'));
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  return [view, () => setAttempt((n) => n + 1)] as const;
}
