import type { Principal } from '../server/domain/auth.ts';
import type { DomainDeps } from '../server/domain/DomainDeps.ts';
import { EventBus } from '../server/domain/EventBus.ts';
import { acceptInvite, createInvite } from '../server/domain/members.ts';
import { RateLimiter } from '../server/domain/RateLimiter.ts';
import { ALL_SCOPES } from '../validation/scopes.ts';
import { openTestStore } from './testStore.ts';

export interface TestDomain {
  d: DomainDeps;
  roomId: string;
  owner: Principal;
  /** Members who joined through invites. */
  alice: Principal;
  bob: Principal;
  close: () => Promise<void>;
}

/** The domain over a real store (the test run's engine): an owner's room with two invited members. */
export async function openTestDomain(opts: { proposalsPerMinute?: number } = {}): Promise<TestDomain> {
  const { store, close } = await openTestStore();
  let clock = 1_000_000;
  const d: DomainDeps = {
    store,
    bus: new EventBus(),
    now: () => clock++,
    proposalLimiter: new RateLimiter(opts.proposalsPerMinute ?? 1000, 60_000),
  };
  await store.createPerson({ id: 'powner', name: 'Owner', createdAt: 1 });
  await store.createRoom({ id: 'r1', name: 'Room', ownerId: 'powner', createdAt: 1 });
  const owner: Principal = { personId: 'powner', scopes: ALL_SCOPES, via: 'session' };
  const join = async (): Promise<Principal> => {
    const { secret } = await createInvite(d, owner, 'r1');
    const joined = await acceptInvite(d, secret);
    if (!joined) throw new Error('invite not accepted');
    return { personId: joined.personId, scopes: ALL_SCOPES, via: 'session' };
  };
  const alice = await join();
  const bob = await join();
  return {
    d,
    roomId: 'r1',
    owner,
    alice,
    bob,
    close,
  };
}
