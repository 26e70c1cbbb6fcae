import { type FormEvent, useState } from 'react';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Failure } from '../wireError.ts';

export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<Failure>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api('POST /api/session', { body: { token } });
      onSignedIn();
    } catch (err) {
      setError(Failure.of(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page signin">
      <h1>Sign in to Rooms</h1>
      <p>
        Open the sign-in link you were given (the owner's link is printed by <code>npm start</code>), or paste
        a token.
      </p>
      <form onSubmit={submit}>
        <label htmlFor="token">Token</label>
        <input
          id="token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          required
        />
        <button type="submit" disabled={busy || !token.trim()}>
          Sign in
        </button>
      </form>
      {error && <ErrorNotice failure={error} />}
    </main>
  );
}
