import type { AnchorHTMLAttributes } from 'react';
import { navigate } from '../router.ts';

/** A link to another shell page, followed in place (no reload); a real href for new tabs and copying. */
export function InAppLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    />
  );
}
