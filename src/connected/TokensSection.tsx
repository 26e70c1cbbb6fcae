import { useCallback, useEffect, useState } from 'react';
import type { Scope } from '../../validation/scopes.ts';
import type { TokenView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { type Failure, failed } from '../wireError.ts';

/** Your personal access tokens: create (the secret shown once) and revoke. */
export function TokensSection() {
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [label, setLabel] = useState('');
  const [write, setWrite] = useState(true);
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<Failure>();
  const load = useCallback(() => {
    api('GET /api/tokens')
      .then((r) => setTokens(r.tokens.filter((t) => !t.revoked_at)))
      .catch(failed(setError));
  }, []);
  useEffect(load, [load]);
  const create = async () => {
    setError(undefined);
    const scopes: Scope[] = write ? ['osfoundry:read', 'osfoundry:write'] : ['osfoundry:read'];
    await api('POST /api/tokens', { body: { label, scopes } })
      .then((r) => {
        setSecret(r.token.secret);
        setLabel('');
      })
      .catch(failed(setError));
    load();
  };
  return (
    <section aria-labelledby="tokens-h">
      <h2 id="tokens-h">Personal access tokens</h2>
      {error && <ErrorNotice failure={error} />}
      {secret && (
        <p role="status">
          Copy this token now; it is shown only once: <code className="secret">{secret}</code>
        </p>
      )}
      <form
        className="decline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label>
          Token label{' '}
          <input value={label} required maxLength={80} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={write} onChange={(e) => setWrite(e.target.checked)} /> May propose
          apps (write)
        </label>
        <button type="submit">Create token</button>
      </form>
      <ul>
        {tokens.map((t) => (
          <li key={t.id}>
            {t.label} <span className="muted">({t.scopes.join(', ')})</span>{' '}
            <button
              type="button"
              aria-label={`Revoke ${t.label}`}
              onClick={() =>
                api('DELETE /api/tokens/:tokenId', { params: { tokenId: t.id } }).then(load, failed(setError))
              }
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
