import type { AnchorHTMLAttributes } from 'react';
import { navigate } from '../router.ts';

/** A link to another shell page, followed in place (no reload); a real href for new tabs and copying. */
export function InAppLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        // Ctrl/Cmd/Shift-click and the like are the browser's: a new tab or window, as on any link.
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    />
  );
}
