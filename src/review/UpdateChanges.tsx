import { useEffect, useMemo, useState } from 'react';
import type { ProposalUpdate, ProposalView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useApi } from '../components/useApi.ts';
import { Failure } from '../wireError.ts';
import { CodeFile } from './CodeFile.tsx';
import { DiffFile } from './DiffFile.tsx';
import { diffFiles, splitLines } from './fileDiff.ts';

/** The launcher's version of the app an update replaces: its files, hash and npm versions. */
interface Current {
  version: number;
  files: Record<string, string>;
  contentSha256: string;
  dependencies: Record<string, string> | null;
}

/**
 * An update's changes against the version in the launcher now (not the one it was based on): the
 * content hashes, npm versions old → new, and every added, removed and changed file. `onShown` says
 * whether the whole diff is on screen (folded runs count as shown): the card's approval waits for it.
 */
export function UpdateChanges({
  roomId,
  update,
  proposal,
  files,
  onShown,
}: {
  roomId: string;
  update: ProposalUpdate;
  proposal: ProposalView;
  files: Record<string, string>;
  onShown: (shown: boolean) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const appId = update.instance_id;
  const currentVersion = update.current_version;
  // Read again when the app moves on (the queue re-reads proposals on every update event), or on Retry:
  // new deps, so "Loading the version in the launcher…" shows again meanwhile.
  const read = useApi(
    () => {
      const params = { roomId, appId };
      // The same routes the launcher reads an approved app with.
      return Promise.all([
        api('GET /api/rooms/:roomId/apps/:appId/files', { params }),
        api('GET /api/rooms/:roomId/apps/:appId/about', { params }),
        api('GET /api/rooms/:roomId', { params: { roomId } }),
      ]).then(
        ([f, a, room]): Current => ({
          version: a.about.version,
          files: f.files,
          contentSha256: a.about.content_sha256,
          dependencies: room.apps.find((app) => app.id === appId)?.dependencies ?? null,
        }),
      );
    },
    [roomId, appId, currentVersion, attempt],
    "Could not load the app's current version",
  );
  const current = read.state === 'ready' ? read.value : read.state === 'failed' ? read.failure : undefined;
  const diff = useMemo(
    () => (current && !(current instanceof Failure) ? diffFiles(current.files, files) : undefined),
    [current, files],
  );
  // After the commit that renders it: the rows are in the page when approval opens.
  useEffect(() => onShown(diff !== undefined), [diff, onShown]);
  useEffect(() => () => onShown(false), [onShown]);
  if (current instanceof Failure)
    return <ErrorNotice failure={current} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!current || !diff)
    return (
      <p className="muted" aria-live="polite">
        Loading the version in the launcher…
      </p>
    );
  const count = (kind: string) => diff.changes.filter((c) => c.kind === kind).length;
  const deps = dependencyChanges(current.dependencies, proposal.dependencies);
  return (
    <section className="update-changes" aria-label="Changes">
      <h3>Changes from version {current.version}</h3>
      <dl className="update-hashes">
        <dt>Content hash (SHA-256) of version {current.version}</dt>
        <dd>
          <code className="hash">{current.contentSha256}</code>
        </dd>
        <dt>Content hash (SHA-256) of this update</dt>
        <dd>
          <code className="hash">{proposal.content_sha256}</code>
        </dd>
      </dl>
      {deps.length > 0 && (
        <section aria-label="npm package changes">
          <p>npm packages, old → new:</p>
          <ul className="dependency-list">
            {deps.map((d) => (
              <li key={d.name}>
                <code>{d.name}</code> {d.old ?? 'not used'} → {d.new ?? 'removed'}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        {plural(count('changed'), 'file')} changed, {count('added')} added, {count('removed')} removed
        {diff.unchanged.length > 0 ? `; ${diff.unchanged.length} unchanged` : ''}.
      </p>
      {diff.changes.map((c) =>
        c.kind === 'changed' ? (
          <DiffFile key={c.path} change={c} />
        ) : c.kind === 'added' ? (
          <section key={c.path} className="diff-added" aria-label={`Added ${c.path}`}>
            <p>
              Added <code>{c.path}</code>
              {c.sameAs && ` (the same content as the removed ${c.sameAs})`}
            </p>
            <CodeFile path={c.path} code={c.text} />
          </section>
        ) : (
          <p key={c.path} className="diff-removed">
            Removed <code>{c.path}</code> ({plural(splitLines(c.text).length, 'line')})
            {c.sameAs && `, its content now in ${c.sameAs}`}
          </p>
        ),
      )}
    </section>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function dependencyChanges(
  before: Record<string, string> | null,
  after: Record<string, string> | null,
): { name: string; old?: string; new?: string }[] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return names
    .map((name) => ({ name, old: before?.[name], new: after?.[name] }))
    .filter((d) => d.old !== d.new);
}
