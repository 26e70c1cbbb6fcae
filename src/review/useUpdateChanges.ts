import { useEffect, useState } from 'react';
import type { UpdateChanges } from './UpdateChanges.tsx';

/**
 * The diff view, imported only by an update's card (it carries the diff library): the component, a
 * message when the import failed, or undefined while it loads; `retry` imports it again.
 */
export function useUpdateChanges(wanted: boolean) {
  const [view, setView] = useState<typeof UpdateChanges | string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    void attempt;
    let live = true;
    setView(undefined);
    import('./UpdateChanges.tsx').then(
      (m) => live && setView(() => m.UpdateChanges),
      (err: Error) => live && setView(`Could not load the changes: ${err.message}`),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  return [view, () => setAttempt((n) => n + 1)] as const;
}
