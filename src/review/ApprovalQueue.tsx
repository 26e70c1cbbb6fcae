import { useCallback, useEffect, useState } from 'react';
import type { ProposalView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { InAppLink } from '../components/InAppLink.tsx';
import { type RoomEvent, useRoomEvents } from '../useRoomEvents.ts';
import { type Failure, failed } from '../wireError.ts';
import { DeclineForm } from './DeclineForm.tsx';
import { ProposalCard } from './ProposalCard.tsx';

const PAGE_SIZE = 5;

/** How often a queue without its room's event stream re-reads what is pending. */
const POLL_MS = 30_000;

/**
 * Needs your approval: the owner's pending proposals, a page of cards at a time, declined one or several.
 * `live` (default): it follows the room's event stream; otherwise it re-reads every 30 s and when the page
 * is shown again (the inbox: a stream per room would use up the browser's six connections to the server,
 * and every card's files would wait behind them).
 */
export function ApprovalQueue({
  roomId,
  roomName,
  live = true,
}: {
  roomId: string;
  roomName?: string;
  live?: boolean;
}) {
  const [pending, setPending] = useState<ProposalView[]>();
  const [error, setError] = useState<Failure>();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState(new Set<string>());
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [approved, setApproved] = useState<{ id: string; name: string }[]>([]);

  const load = useCallback(() => {
    // No files: each card loads its own when shown.
    api('GET /api/rooms/:roomId/proposals', { params: { roomId }, query: { state: 'pending', files: '0' } })
      .then((r) => setPending(r.proposals))
      .catch(failed(setError));
  }, [roomId]);
  useEffect(load, [load]);
  // Live: proposals that arrive or are decided elsewhere (another tab, another owner's device) show here.
  useRoomEvents(
    live ? roomId : undefined,
    useCallback(
      (e: RoomEvent) => {
        if (e.type === 'stream.opened' || e.type.startsWith('proposal.') || e.type === 'app.updated') load();
      },
      [load],
    ),
  );
  useEffect(() => {
    if (live) return;
    const shown = () => {
      if (document.visibilityState === 'visible') load();
    };
    const timer = setInterval(shown, POLL_MS);
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [live, load]);

  const act = async (fn: () => Promise<unknown>) => {
    setError(undefined);
    await fn().catch(failed(setError));
    load();
  };
  const approve = (p: ProposalView) =>
    act(async () => {
      const { app } = await api('POST /api/rooms/:roomId/proposals/:proposalId/approve', {
        params: { roomId, proposalId: p.id },
        // Pinned to what the card showed: the server refuses if the app moved on since.
        body: {
          reviewed_version: p.update?.current_version ?? null,
          reviewed_app: p.update?.current_version != null ? p.update.instance_id : null,
        },
      });
      setApproved((list) => [...list, app]);
    });
  const decline = (ids: string[], reason: string) =>
    act(async () => {
      for (const id of ids) {
        await api('POST /api/rooms/:roomId/proposals/:proposalId/decline', {
          params: { roomId, proposalId: id },
          body: reason ? { reason } : {},
        });
        setSelected((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
      }
      setConfirmingBulk(false);
    });

  const pages = Math.max(1, Math.ceil((pending?.length ?? 0) / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = pending?.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE) ?? [];
  const launcher = `/rooms/${encodeURIComponent(roomId)}`;
  return (
    <>
      {roomName === undefined ? (
        <h1>
          Needs your approval <span className="badge">{pending?.length ?? 0}</span>
        </h1>
      ) : (
        <h2 className="inbox-room">
          {roomName} <span className="badge">{pending?.length ?? 0}</span>
        </h2>
      )}
      {error && <ErrorNotice failure={error} />}
      {approved.map((app) => (
        <p key={app.id} role="status">
          Approved. <InAppLink href={`${launcher}?app=${app.id}`}>Open {app.name}</InAppLink>
        </p>
      ))}
      {!pending && !error && <p className="page-status">Loading proposals…</p>}
      {pending?.length === 0 && <p>Nothing is waiting for your review.</p>}
      {selected.size > 0 &&
        (confirmingBulk ? (
          <DeclineForm
            label={`Decline ${selected.size} selected`}
            busy={busy}
            onConfirm={(reason) => {
              setBusy(true);
              decline([...selected], reason).finally(() => setBusy(false));
            }}
            onCancel={() => setConfirmingBulk(false)}
          />
        ) : (
          <p>
            <button type="button" onClick={() => setConfirmingBulk(true)}>
              Decline selected ({selected.size})
            </button>
          </p>
        ))}
      {shown.map((p) => (
        <ProposalCard
          key={p.id}
          roomId={roomId}
          proposal={p}
          checked={selected.has(p.id)}
          onCheck={(on) =>
            setSelected((s) => {
              const next = new Set(s);
              if (on) next.add(p.id);
              else next.delete(p.id);
              return next;
            })
          }
          onApprove={() => approve(p)}
          onDecline={(reason) => decline([p.id], reason)}
        />
      ))}
      {pages > 1 && (
        <nav aria-label="Pages" className="pager">
          <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous page
          </button>
          <span>
            Page {current + 1} of {pages}
          </span>
          <button type="button" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next page
          </button>
        </nav>
      )}
    </>
  );
}
