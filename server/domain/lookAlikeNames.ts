import { checkConfusableName } from '../../validation/confusableNames.ts';
import { CodedError } from '../../validation/errorCodes.ts';
import type { LookAlikeQuery, RoomForPerson } from '../store/Store.ts';
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
  await refuse(d, room.id, { name, pending: room.role === 'owner' ? {} : { proposerId: who.personId } });
}

/** Rule 6 at approval: the name must not look like an app already in the launcher. */
export async function refuseLookAlikeApproval(d: DomainDeps, roomId: string, name: string): Promise<void> {
  await refuse(d, roomId, { name });
}

// The store finds the look-alike by its stored skeleton (an index, not a read of the queue); the rule and
// its messages, scripts included, stay checkConfusableName's.
async function refuse(d: DomainDeps, roomId: string, q: LookAlikeQuery): Promise<void> {
  const twin = await d.store.findLookAlike(roomId, q);
  const error = checkConfusableName(q.name, twin === undefined ? [] : [twin]);
  if (error) throw new CodedError(error.code, error.message, error.detail);
}
