import { useEffect, useState } from 'react';
import type { NetworkDeclaration, ProposalUpdate } from '../../validation/views.ts';
import { api } from '../api.ts';
import { type Failure, failed } from '../wireError.ts';

/** The hosts of the version an update replaces (its About view): 'loading', a Failure, or none. */
export function useCurrentNetwork(
  roomId: string,
  update: ProposalUpdate | undefined,
): NetworkDeclaration | 'loading' | Failure | undefined {
  const [network, setNetwork] = useState<NetworkDeclaration | Failure>();
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
      failed((f) => live && setNetwork(f), 'Could not read the hosts of the version in the launcher'),
    );
    return () => {
      live = false;
    };
  }, [roomId, appId, version]);
  if (!appId) return undefined;
  return network ?? 'loading';
}
