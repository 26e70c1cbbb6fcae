import { useEffect, useState } from 'react';
import type { NetworkDeclaration, ProposalUpdate } from '../../validation/views.ts';
import { api } from '../api.ts';

/** The hosts of the version an update replaces (its About view): 'loading', a message on failure, or none. */
export function useCurrentNetwork(
  roomId: string,
  update: ProposalUpdate | undefined,
): NetworkDeclaration | 'loading' | string | undefined {
  const [network, setNetwork] = useState<NetworkDeclaration | string>();
  const appId = update?.instance_id;
  const version = update?.current_version;
  useEffect(() => {
    if (!appId) return;
    // Read again when the app moves on: the change is against the version in the launcher now.
    void version;
    let live = true;
    setNetwork(undefined);
    api('GET /api/rooms/:roomId/apps/:appId/about', { params: { roomId, appId } }).then(
      (r) => live && setNetwork(r.about.network),
      (err: Error) =>
        live && setNetwork(`Could not read the hosts of the version in the launcher: ${err.message}`),
    );
    return () => {
      live = false;
    };
  }, [roomId, appId, version]);
  if (!appId) return undefined;
  return network ?? 'loading';
}
