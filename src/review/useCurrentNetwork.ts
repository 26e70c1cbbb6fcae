import type { NetworkDeclaration, ProposalUpdate } from '../../validation/views.ts';
import { api } from '../api.ts';
import { useApi } from '../components/useApi.ts';
import type { Failure } from '../wireError.ts';

/** The hosts of the version an update replaces (its About view): 'loading', a Failure, or none. */
export function useCurrentNetwork(
  roomId: string,
  update: ProposalUpdate | undefined,
): NetworkDeclaration | 'loading' | Failure | undefined {
  const appId = update?.instance_id;
  const version = update?.current_version;
  // Read again when the app moves on: the change is against the version in the launcher now.
  const about = useApi(
    () =>
      appId === undefined
        ? undefined
        : api('GET /api/rooms/:roomId/apps/:appId/about', { params: { roomId, appId } }).then(
            (r) => r.about.network,
          ),
    [roomId, appId, version],
    'Could not read the hosts of the version in the launcher',
  );
  if (!appId) return undefined;
  if (about.state === 'loading') return 'loading';
  return about.state === 'failed' ? about.failure : about.value;
}
