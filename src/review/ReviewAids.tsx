import { useEffect, useState } from 'react';
import type { ReviewFlag } from '../../validation/reviewFlags.ts';
import { REVIEW_AID_GROUPS, REVIEW_FLAG_TITLES } from '../../validation/reviewFlagTitles.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Failure, failed } from '../wireError.ts';
import { lineAnchor } from './lineAnchor.ts';
import { showLine } from './showLine.ts';

// Past these the list would bury the card; the counts still tell the reviewer.
const MAX_LABELS = 30;
const MAX_PLACES = 12;

interface Entry {
  flag: ReviewFlag;
  places: ReviewFlag[];
}

// One entry a kind and label ("fetch"), with every place it occurs, in the files' order.
function entries(flags: ReviewFlag[], kinds: readonly string[]): Entry[] {
  const byLabel = new Map<string, Entry>();
  for (const kind of kinds)
    for (const f of flags.filter((x) => x.kind === kind)) {
      const key = `${f.kind}\n${f.label}`;
      const entry = byLabel.get(key) ?? byLabel.set(key, { flag: f, places: [] }).get(key);
      entry?.places.push(f);
    }
  return [...byLabel.values()];
}

/**
 * The card's review aids: what the code reaches for (network APIs, code run from text, storage keys)
 * and signs of obfuscation, each place a link to its line. The scan (Sucrase's tokenizer) loads only
 * once a card has its files, as the highlighter does. `scope` is the card's anchor scope (`fileAnchor`);
 * `open` opens the card's file list so the line can show.
 */
export function ReviewAids({
  files,
  scope,
  open,
}: {
  files: Record<string, string>;
  scope: string;
  open?: () => void;
}) {
  const [flags, setFlags] = useState<ReviewFlag[] | Failure>();
  useEffect(() => {
    let live = true;
    setFlags(undefined);
    import('../../validation/codeFlags.ts').then(
      (m) => live && setFlags(m.allReviewFlags(files)),
      failed((f) => live && setFlags(f), 'Could not read the code for review aids'),
    );
    return () => {
      live = false;
    };
  }, [files]);
  // A link to a line of this card, opened in a new page: open the files and show it.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (Array.isArray(flags) && id.startsWith(`${scope}-`)) showLine(id, open);
  }, [flags, scope, open]);
  if (flags === undefined)
    return (
      <p className="muted" aria-live="polite">
        Reading the code for review aids…
      </p>
    );
  if (flags instanceof Failure) return <ErrorNotice failure={flags} announce={false} />;
  return (
    <section className="review-aids" aria-label="Review aids">
      {REVIEW_AID_GROUPS.map((group) => {
        const list = entries(flags, group.kinds);
        return (
          <section key={group.title} aria-label={group.title}>
            <h3>{group.title}</h3>
            {list.length === 0 ? (
              <p className="muted">Nothing found.</p>
            ) : (
              <ul className="flag-list">
                {list.slice(0, MAX_LABELS).map(({ flag, places }) => (
                  <li key={`${flag.kind}\n${flag.label}`}>
                    {REVIEW_FLAG_TITLES[flag.kind]}: <code>{flag.label}</code> ·{' '}
                    <Places places={places} scope={scope} open={open} />
                  </li>
                ))}
                {list.length > MAX_LABELS && <li>and {list.length - MAX_LABELS} more</li>}
              </ul>
            )}
            {group.kinds.some((k) => k === 'network') && flags.some((f) => f.kind === 'network') && (
              <p className="muted">
                The app's frame blocks every network request: these calls fail when it runs, and show what it
                tries to reach.
              </p>
            )}
          </section>
        );
      })}
    </section>
  );
}

function Places({ places, scope, open }: { places: ReviewFlag[]; scope: string; open?: () => void }) {
  return (
    <>
      {places.slice(0, MAX_PLACES).map((f, i) => {
        const id = lineAnchor(scope, f.file, f.line);
        return (
          <span key={`${f.file}:${f.line}:${f.column}`}>
            {i > 0 && ', '}
            <a
              href={`#${id}`}
              onClick={(e) => {
                e.preventDefault();
                showLine(id, open);
              }}
            >
              {f.file} line {f.line}
            </a>
          </span>
        );
      })}
      {places.length > MAX_PLACES && ` and ${places.length - MAX_PLACES} more`}
    </>
  );
}
