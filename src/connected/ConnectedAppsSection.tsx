import { useCallback, useEffect, useState } from 'react';
import type { GrantView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { type Failure, failed } from '../wireError.ts';

const SCOPE_WORDS: Record<string, string> = {
  'osfoundry:read': 'read',
  'osfoundry:write': 'propose apps',
};

/** Apps you connected with OAuth (Allow on the consent page): their scopes, last use, and Disconnect. */
export function ConnectedAppsSection() {
  const [grants, setGrants] = useState<GrantView[]>([]);
  const [error, setError] = useState<Failure>();
  const load = useCallback(() => {
    api('GET /api/oauth/grants')
      .then((r) => setGrants(r.grants))
      .catch(failed(setError));
  }, []);
  useEffect(load, [load]);
  return (
    <section aria-labelledby="apps-h">
      <h2 id="apps-h">Connected apps</h2>
      {error && <ErrorNotice failure={error} />}
      {grants.length === 0 ? (
        <p className="muted">No app is connected with OAuth.</p>
      ) : (
        <ul>
          {grants.map((g) => (
            <li key={g.id}>
              {g.client_name} <span className="muted">(unverified name)</span>{' '}
              <span className="muted">
                {g.scopes.map((s) => SCOPE_WORDS[s] ?? s).join(', ')};{' '}
                {g.last_used_at ? `last used ${new Date(g.last_used_at).toLocaleString()}` : 'not used yet'}
              </span>{' '}
              <button
                type="button"
                aria-label={`Disconnect ${g.client_name}`}
                onClick={() =>
                  api('DELETE /api/oauth/grants/:grantId', { params: { grantId: g.id } }).then(
                    load,
                    failed(setError),
                  )
                }
              >
                Disconnect
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
