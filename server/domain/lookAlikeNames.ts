import { checkConfusableName } from '../../validation/confusableNames.ts';
import { CodedError } from '../../validation/errorCodes.ts';
import type { RoomForPerson } from '../store/Store.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';

/**
 * Rule 6 at proposal time: refuses a name that looks like, but is not, an approved app's name or a
 * pending proposal's. A member is compared with the launcher and their own pending proposals only:
 * naming someone else's pending proposal would leak it (approval checks those against each other).
 */
export async function refuseLookAlikeProposal(
  d: DomainDeps,
  room: RoomForPerson,
  who: Principal,
  name: string,
): Promise<void> {
  // Names only: a room may hold thousands of pending proposals, each with all its files.
  const pending = await d.store.listProposalNames(room.id, {
    state: 'pending',
    ...(room.role === 'owner' ? {} : { proposerId: who.personId }),
  });
  await refuse(d, room.id, name, pending);
}

/** Rule 6 at approval: the name must not look like an app already in the launcher. */
export async function refuseLookAlikeApproval(d: DomainDeps, roomId: string, name: string): Promise<void> {
  await refuse(d, roomId, name, []);
}

async function refuse(d: DomainDeps, roomId: string, name: string, pending: string[]): Promise<void> {
  const apps = (await d.store.listInstances(roomId)).map((i) => i.name);
  const error = checkConfusableName(name, [...apps, ...pending]);
  if (error) throw new CodedError(error.code, error.message, error.detail);
}
