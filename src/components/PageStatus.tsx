import type { ReactNode } from 'react';
import type { Failure } from '../wireError.ts';
import { ErrorNotice } from './ErrorNotice.tsx';

/** A page still reading what it shows: "Loading room…" and the like, as the whole page. */
export function PageLoading({ children }: { children: ReactNode }) {
  return <main className="page page-status">{children}</main>;
}

/** A page whose read failed: its heading ("Room unavailable") and the failure as the alert. */
export function PageFailed({ title, failure }: { title: string; failure: Failure }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      <ErrorNotice failure={failure} className="" />
    </main>
  );
}
