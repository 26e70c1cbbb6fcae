import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hiddenCharacterLabels, type ReviewFlag, reviewFlags } from '../../validation/reviewFlags.ts';
import type { ProposalView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { formatBytes } from '../components/formatBytes.ts';
import { Failure, failed } from '../wireError.ts';
import { CodeFile } from './CodeFile.tsx';
import { DeclineForm } from './DeclineForm.tsx';
import { fileAnchor } from './lineAnchor.ts';
import { NetworkSection } from './NetworkSection.tsx';
import { PackageList } from './PackageList.tsx';
import { ProjectNote } from './ProjectNote.tsx';
import { ReviewAids } from './ReviewAids.tsx';
import { TailwindNote } from './TailwindNote.tsx';
import { useCurrentNetwork } from './useCurrentNetwork.ts';
import { useFilesNotRun } from './useFilesNotRun.ts';
import { useImportLinks } from './useImportLinks.ts';
import { useUpdateChanges } from './useUpdateChanges.ts';

/**
 * One pending proposal: every file in full, the review sentence, Approve and create, Decline; an update
 * shows its diff against the app's current version instead, its files one click away, and approves with
 * Approve update. The files load when the card comes into view (a queue of 200 opens as fast as one);
 * approval stays off, saying why, until everything the card promises is on screen.
 */
export function ProposalCard({
  roomId,
  proposal,
  checked,
  onCheck,
  onApprove,
  onDecline,
}: {
  roomId: string;
  proposal: ProposalView;
  checked: boolean;
  onCheck: (on: boolean) => void;
  onApprove: () => Promise<void>;
  onDecline: (reason: string) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // An update's whole files render (and highlight) once the reviewer opens them: its diff is what is read.
  const [opened, setOpened] = useState(false);
  const [diffShown, setDiffShown] = useState(false);
  const [loaded, setLoaded] = useState<Record<string, string> | Failure | undefined>(proposal.files);
  const [network, setNetwork] = useState(proposal.network);
  const card = useRef<HTMLElement>(null);
  const fileList = useRef<HTMLDetailsElement>(null);
  // A review aid's link opens the file list, so the line it points at renders.
  const openFiles = useCallback(() => {
    if (fileList.current) fileList.current.open = true;
    setOpened(true);
  }, []);
  useEffect(() => {
    const el = card.current;
    if (!el || loaded !== undefined) return;
    // "Shown" with a margin of three screens: a card is ready by the time the reviewer scrolls to it.
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        api('GET /api/rooms/:roomId/proposals/:proposalId', {
          params: { roomId, proposalId: proposal.id },
        }).then(
          (r) => {
            setNetwork(r.proposal.network);
            setLoaded(r.proposal.files ?? {});
          },
          failed(setLoaded, 'Could not load the files'),
        );
      },
      { rootMargin: '300% 0px' },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [roomId, proposal.id, loaded]);
  const fileMap = loaded instanceof Failure ? undefined : loaded;
  const files = Object.entries(fileMap ?? {});
  const headingId = `proposal-${proposal.id}`;
  const anchorScope = `p-${proposal.id}`;
  const nameFlags = hiddenCharacterLabels(proposal.name);
  const flags = useMemo(() => reviewFlags(fileMap ?? {}), [fileMap]);
  const flagsByFile = useMemo(() => {
    const by = new Map<string, ReviewFlag[]>(Object.keys(fileMap ?? {}).map((path) => [path, []]));
    for (const f of flags) by.get(f.file)?.push(f);
    return by;
  }, [fileMap, flags]);
  const hiddenFlags = whereFlagged(flags.filter((f) => f.kind === 'hidden_character'));
  const layoutFlags = whereFlagged(flags.filter((f) => f.kind !== 'hidden_character'));
  // An update of an app still in the launcher; one whose app was removed since is a new app again.
  const update = proposal.update?.current_version != null ? proposal.update : undefined;
  const [Changes, retryChanges] = useUpdateChanges(update !== undefined);
  const networkBefore = useCurrentNetwork(roomId, update);
  const waiting =
    loaded instanceof Failure
      ? 'Approval opens once every file is shown: they could not be loaded.'
      : !fileMap
        ? 'Approval opens once every file is shown: they are still loading.'
        : update && !diffShown
          ? 'Approval opens once the whole diff is shown.'
          : undefined;
  const waitingId = `${headingId}-waiting`;
  const notRun = useFilesNotRun(fileMap);
  const importLinks = useImportLinks(fileMap);
  const fileViews = files.map(([path, code]) => (
    <CodeFile
      key={path}
      path={path}
      code={code}
      anchor={fileAnchor(anchorScope, path)}
      flags={flagsByFile.get(path)}
      notRun={notRun.has(path)}
      imports={importLinks[path]}
      anchorOf={(target) => fileAnchor(anchorScope, target)}
    />
  ));
  const run = (fn: () => Promise<void>) => {
    setBusy(true);
    fn().finally(() => setBusy(false));
  };
  return (
    <article className="card" aria-labelledby={headingId} ref={card}>
      <header className="card-head">
        <input
          type="checkbox"
          aria-label={`Select ${proposal.name}`}
          checked={checked}
          onChange={(e) => onCheck(e.target.checked)}
        />
        <h2 id={headingId}>{proposal.name}</h2>
      </header>
      <p className="muted">
        {proposal.proposer_name ? `Proposed by ${proposal.proposer_name} · ` : 'Proposed '}
        {proposal.via_client ? `through the app ${proposal.via_client} (unverified name) · ` : ''}
        <time dateTime={proposal.created_at}>{new Date(proposal.created_at).toLocaleString()}</time>
      </p>
      {update && (
        <p>
          Update of <strong>{update.app_name}</strong> from version {update.base_version}
        </p>
      )}
      {update && update.current_version !== update.base_version && (
        <p className="warning" role="note">
          {update.app_name} moved on since this was proposed: it is at version {update.current_version} now,
          and the changes below are against that version.
        </p>
      )}
      {proposal.update && !update && (
        <p role="note">
          {proposal.update.app_name} was removed from the launcher since this was proposed: approving adds it
          as a new app.
        </p>
      )}
      {nameFlags.length > 0 && (
        <p className="warning" role="note">
          Hidden or direction-changing characters in the name: {nameFlags.join(', ')}
        </p>
      )}
      {proposal.kind === 'repo' && (
        <>
          <p>
            <a
              href={`/rooms/${encodeURIComponent(roomId)}/review/${proposal.id}`}
              target="_blank"
              rel="noopener"
            >
              Review repository code before approving
            </a>
          </p>
          <p>This path does not build or deploy a bundle.</p>
        </>
      )}
      {update ? (
        <p>
          Approval replaces {update.app_name} in the Room app launcher with this version; its tab and its data
          stay. Review the changes before approving.
        </p>
      ) : (
        <p>Approval makes this code available in the Room app launcher. Review the files before approving.</p>
      )}
      {fileMap && network && <NetworkSection network={network} before={networkBefore} />}
      {proposal.packages ? (
        <PackageList
          packages={proposal.packages}
          expectedPath={proposal.expected_path}
          expectedNote={proposal.expected_note}
        />
      ) : (
        proposal.dependencies && (
          <section aria-label="npm packages">
            <p>Runs with Sandpack and these exact npm packages, and only these:</p>
            <ul className="dependency-list">
              {Object.entries(proposal.dependencies).map(([dep, version]) => (
                <li key={dep}>
                  <code>
                    {dep}@{version}
                  </code>
                </li>
              ))}
            </ul>
          </section>
        )
      )}
      {hiddenFlags.length > 0 && (
        <p className="warning" role="note">
          Hidden or direction-changing characters in {hiddenFlags.join('; ')}
        </p>
      )}
      {layoutFlags.length > 0 && (
        <p className="warning" role="note">
          Long lines or long runs of blanks in {layoutFlags.join('; ')}
        </p>
      )}
      {loaded instanceof Failure ? (
        <ErrorNotice failure={loaded} onRetry={() => setLoaded(undefined)} />
      ) : !fileMap ? (
        <p className="muted" aria-live="polite">
          Loading the proposed files…
        </p>
      ) : (
        <>
          <p className="muted">
            {files.length === 1 ? 'Its file is' : `All ${files.length} files are`} loaded (
            {formatBytes(files.reduce((n, [, code]) => n + new Blob([code]).size, 0))}).
          </p>
          {update &&
            (Changes instanceof Failure ? (
              <ErrorNotice failure={Changes} onRetry={retryChanges} />
            ) : Changes ? (
              <Changes
                roomId={roomId}
                update={update}
                proposal={proposal}
                files={fileMap}
                onShown={setDiffShown}
              />
            ) : (
              <p className="muted" aria-live="polite">
                Loading the changes…
              </p>
            ))}
          <TailwindNote files={fileMap} />
          <ProjectNote files={fileMap} notRun={notRun} />
          <ReviewAids files={fileMap} scope={anchorScope} open={openFiles} />
          {update ? (
            <details ref={fileList} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
              <summary>Review all proposed files ({files.length})</summary>
              {opened && fileViews}
            </details>
          ) : (
            <section className="proposed-files" aria-labelledby={`${headingId}-files`}>
              <h3 id={`${headingId}-files`}>Review all proposed files ({files.length})</h3>
              {fileViews}
            </section>
          )}
        </>
      )}
      {confirming ? (
        <DeclineForm
          label={`Decline ${proposal.name}`}
          busy={busy}
          onConfirm={(reason) => run(() => onDecline(reason))}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <div className="card-actions">
          <button
            type="button"
            className="primary"
            // Nobody approves code the card has not shown: every file, or an update's whole diff.
            disabled={busy || waiting !== undefined}
            aria-describedby={waiting ? waitingId : undefined}
            onClick={() => run(onApprove)}
          >
            {update ? 'Approve update' : 'Approve and create'}
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
            Decline
          </button>
          {waiting && (
            <p id={waitingId} className="muted approval-waiting">
              {waiting}
            </p>
          )}
        </div>
      )}
    </article>
  );
}

// "src/App.tsx (path, line 3, line 9)": each file once, its first five places, in the files' order.
function whereFlagged(flags: ReviewFlag[]): string[] {
  const byFile = new Map<string, Set<string>>();
  for (const f of flags)
    byFile.set(f.file, (byFile.get(f.file) ?? new Set()).add(f.line === 0 ? 'path' : `line ${f.line}`));
  return [...byFile].map(([file, set]) => {
    const where = [...set];
    return `${file} (${where.slice(0, 5).join(', ')}${where.length > 5 ? ', …' : ''})`;
  });
}
