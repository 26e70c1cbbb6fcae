import { useCallback, useEffect, useState } from 'react';
import type { InviteView, MemberView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { type Failure, failed } from '../wireError.ts';

/** How long a new invite link stays open; the server's default is 7 days. */
const EXPIRY_CHOICES = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 7 * 24, label: '7 days' },
  { hours: 30 * 24, label: '30 days' },
];

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

/** The owner's view of the room's members and single-use invite links. */
export function PeopleSection({ roomId }: { roomId: string }) {
  const [members, setMembers] = useState<MemberView[]>([]);
  const [invites, setInvites] = useState<InviteView[]>([]);
  const [link, setLink] = useState<{ url: string; expires_at: string }>();
  const [hours, setHours] = useState(7 * 24);
  const [error, setError] = useState<Failure>();
  const fail = failed(setError);
  const load = useCallback(() => {
    const onError = failed(setError);
    api('GET /api/rooms/:roomId/members', { params: { roomId } }).then((r) => setMembers(r.members), onError);
    api('GET /api/rooms/:roomId/invites', { params: { roomId } }).then((r) => setInvites(r.invites), onError);
  }, [roomId]);
  useEffect(load, [load]);
  return (
    <section aria-labelledby="people-h">
      <h2 id="people-h">Members and invites</h2>
      {error && <ErrorNotice failure={error} />}
      <ul>
        {members.map((m) => (
          <li key={m.person_id}>
            {m.name} <span className="muted">{m.role}</span>{' '}
            {m.role !== 'owner' && (
              <button
                type="button"
                aria-label={`Remove ${m.name}`}
                onClick={() =>
                  api('DELETE /api/rooms/:roomId/members/:personId', {
                    params: { roomId, personId: m.person_id },
                  }).then(load, fail)
                }
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <label>
        Invite link expires after{' '}
        <select value={hours} onChange={(e) => setHours(Number(e.target.value))}>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.hours} value={c.hours}>
              {c.label}
            </option>
          ))}
        </select>
      </label>{' '}
      <button
        type="button"
        onClick={() =>
          api('POST /api/rooms/:roomId/invites', {
            params: { roomId },
            body: { expires_in_hours: hours },
          }).then((r) => {
            setLink(r.invite);
            load();
          }, fail)
        }
      >
        Create invite link
      </button>
      {link && (
        <p role="status">
          Single-use invite link, shown once, open until {when(link.expires_at)}:{' '}
          <code className="secret">{link.url}</code>
        </p>
      )}
      <ul>
        {invites
          .filter((i) => i.state === 'open')
          .map((i) => (
            <li key={i.id}>
              Open invite from {when(i.created_at)}, expires {when(i.expires_at)}{' '}
              <button
                type="button"
                onClick={() =>
                  api('DELETE /api/rooms/:roomId/invites/:inviteId', {
                    params: { roomId, inviteId: i.id },
                  }).then(load, fail)
                }
              >
                Revoke invite
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}
