import type { ImportLink } from '../../validation/importLinks.ts';
import { showLine } from './showLine.ts';

const AS = { svg: ' (as a data: URL)', raw: ' (as text)' } as Partial<Record<ImportLink['as'], string>>;

/** "`@/lib/utils` → src/lib/utils.ts": each a link to that file on this card. */
export function ImportLinks({
  links,
  anchorOf,
}: {
  links: ImportLink[];
  anchorOf: (path: string) => string;
}) {
  return (
    <ul className="muted import-links" aria-label="Imports through aliases and assets">
      {links.map((l) => {
        const id = `${anchorOf(l.path)}L1`;
        return (
          <li key={l.specifier}>
            <code>{l.specifier}</code> →{' '}
            <a
              href={`#${id}`}
              onClick={(e) => {
                e.preventDefault();
                showLine(id);
              }}
            >
              {l.path}
            </a>
            {AS[l.as] ?? ''}
          </li>
        );
      })}
    </ul>
  );
}
