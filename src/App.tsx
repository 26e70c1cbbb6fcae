import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from './api.ts';
import { ErrorNotice } from './components/ErrorNotice.tsx';
import { InAppLink } from './components/InAppLink.tsx';
import { ConnectedPage } from './connected/ConnectedPage.tsx';
import { LauncherPage } from './pages/LauncherPage.tsx';
import { RoomsPage } from './pages/RoomsPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { InboxPage } from './review/InboxPage.tsx';
import { PinnedVersionPage } from './review/PinnedVersionPage.tsx';
import { ReviewPage } from './review/ReviewPage.tsx';
import { navigate, useLocation } from './router.ts';
import { ThemeSwitch } from './theme/ThemeSwitch.tsx';
import { Failure } from './wireError.ts';

type Session =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'signed-in' }
  | { state: 'error'; failure: Failure };

export function App() {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  const { path } = useLocation();

  const check = useCallback(() => {
    api('GET /api/me')
      .then(() => setSession({ state: 'signed-in' }))
      .catch((err: unknown) =>
        setSession(
          err instanceof ApiError && err.status === 401
            ? { state: 'signed-out' }
            : { state: 'error', failure: Failure.of(err, 'Cannot reach the server') },
        ),
      );
  }, []);
  useEffect(check, [check]);

  const signOut = async () => {
    await api('DELETE /api/session');
    setSession({ state: 'signed-out' });
    navigate('/', { replace: true });
  };

  if (session.state === 'loading') return <p className="page-status">Loading…</p>;
  if (session.state === 'error') return <ErrorNotice failure={session.failure} className="page-status" />;
  if (session.state === 'signed-out') return <SignInPage onSignedIn={check} />;

  const room = /^\/rooms\/([^/]+)\/?$/.exec(path);
  const review = /^\/rooms\/([^/]+)\/review\/?$/.exec(path);
  const connected = /^\/rooms\/([^/]+)\/connected\/?$/.exec(path);
  const pinned = /^\/rooms\/([^/]+)\/review\/([^/]+)\/?$/.exec(path);
  return (
    <div className="shell">
      <header className="topbar">
        <InAppLink className="brand" href="/">
          Rooms
        </InAppLink>
        <div className="topbar-end">
          <ThemeSwitch />
          <button type="button" className="link-button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      {pinned ? (
        <PinnedVersionPage
          roomId={decodeURIComponent(pinned[1] as string)}
          proposalId={decodeURIComponent(pinned[2] as string)}
        />
      ) : review ? (
        <ReviewPage key={review[1]} roomId={decodeURIComponent(review[1] as string)} />
      ) : connected ? (
        <ConnectedPage key={connected[1]} roomId={decodeURIComponent(connected[1] as string)} />
      ) : room ? (
        <LauncherPage key={room[1]} roomId={decodeURIComponent(room[1] as string)} />
      ) : path === '/' ? (
        <RoomsPage />
      ) : /^\/review\/?$/.test(path) ? (
        <InboxPage />
      ) : (
        <main className="page">
          <h1>Page not found</h1>
        </main>
      )}
    </div>
  );
}
