import { useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';

interface Member {
  person_id: string;
  name: string;
  role: string;
}
interface Invite {
  id: string;
  state: string;
  created_at: string;
}

/** The owner's view of the room's members and single-use invite links. */
export function PeopleSection({ roomId }: { roomId: string }) {
  const base = `/api/rooms/${encodeURIComponent(roomId)}`;
  const [members, setMembers] = useState<Member[]>([]);
  const [invites, setInvites] = useState<Invite[]>([]);
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<string>();
  const fail = (err: Error) => setError(err.message);
  const load = useCallback(() => {
    const onError = (err: Error) => setError(err.message);
    api<{ members: Member[] }>(`${base}/members`).then((r) => setMembers(r.members), onError);
    api<{ invites: Invite[] }>(`${base}/invites`).then((r) => setInvites(r.invites), onError);
  }, [base]);
  useEffect(load, [load]);
  return (
    <section aria-labelledby="people-h">
      <h2 id="people-h">Members and invites</h2>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <ul>
        {members.map((m) => (
          <li key={m.person_id}>
            {m.name} <span className="muted">{m.role}</span>{' '}
            {m.role !== 'owner' && (
              <button
                type="button"
                aria-label={`Remove ${m.name}`}
                onClick={() => api(`${base}/members/${m.person_id}`, { method: 'DELETE' }).then(load, fail)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          api<{ invite: { url: string } }>(`${base}/invites`, { method: 'POST', body: {} }).then((r) => {
            setLink(r.invite.url);
            load();
          }, fail)
        }
      >
        Create invite link
      </button>
      {link && (
        <p role="status">
          Single-use invite link, shown once: <code className="secret">{link}</code>
        </p>
      )}
      <ul>
        {invites
          .filter((i) => i.state === 'open')
          .map((i) => (
            <li key={i.id}>
              Open invite from <time dateTime={i.created_at}>{new Date(i.created_at).toLocaleString()}</time>{' '}
              <button
                type="button"
                onClick={() => api(`${base}/invites/${i.id}`, { method: 'DELETE' }).then(load, fail)}
              >
                Revoke invite
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}
