import { useCallback, useEffect, useState } from 'react';

/**
 * A ref for a scroll box and whether part of its content sits below what it shows, so the card can say
 * so in words: a scrollbar alone is easy to miss.
 */
export function useMoreBelow<T extends HTMLElement>(): [(el: T | null) => void, boolean] {
  const [box, setBox] = useState<T | null>(null);
  const [below, setBelow] = useState(false);
  const ref = useCallback((el: T | null) => setBox(el), []);
  useEffect(() => {
    if (!box) return;
    const check = () => setBelow(box.scrollTop + box.clientHeight < box.scrollHeight - 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    // The table grows as blocks render and highlight: watch it too.
    for (const child of box.children) observer.observe(child);
    box.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', check);
    };
  }, [box]);
  return [ref, below];
}
