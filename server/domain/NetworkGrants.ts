import { createHash } from 'node:crypto';
import {
  EMPTY_NETWORK,
  isEmptyNetwork,
  type NetworkDeclaration,
  type NetworkRules,
} from '../../validation/networkDeclaration.ts';
import type { Store } from '../store/Store.ts';
import { approvedNetwork } from './appNetwork.ts';
import type { EventBus } from './EventBus.ts';

/** The hosts an active app's current approved version declares, and a short name for that set. */
export interface NetworkGrant {
  roomId: string;
  version: number;
  declaration: NetworkDeclaration;
  /** Empty when nothing is declared; else a hash of the declaration (frame URLs carry it). */
  fingerprint: string;
}

/** Apps whose grant is kept; past this the oldest is read again when asked. */
const MAX_APPS = 2000;

/**
 * Each active app's network grant, read from its current approved version once and kept until an
 * event in its room (an approved update, a rollback, a removal: any event, on every server through the
 * bus), so a frame document's CSP is not a store read per load and never outlives its version.
 */
export class NetworkGrants {
  private readonly grants = new Map<string, NetworkGrant>();
  /** Per watched room, its bus subscription. */
  private readonly rooms = new Map<string, () => void>();
  /** Events seen in every watched room so far: a read that raced one is answered but not kept. */
  private events = 0;

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly rules: NetworkRules,
  ) {}

  /** The app's grant; undefined for no active app of that id. */
  async of(appId: string): Promise<NetworkGrant | undefined> {
    const kept = this.grants.get(appId);
    if (kept) return kept;
    const seen = this.events;
    const instance = await this.store.getActiveInstanceById(appId);
    if (!instance) return undefined;
    const watched = this.watch(instance.roomId);
    const declaration = await this.declarationOf(instance.proposalId);
    const grant = {
      roomId: instance.roomId,
      version: instance.version,
      declaration,
      fingerprint: fingerprint(declaration),
    };
    if (this.events !== seen) return grant;
    // A room watched only now may have had its event before the subscription: the version read again says.
    if (!watched) {
      const again = await this.store.getActiveInstanceById(appId);
      if (again?.version !== instance.version || this.events !== seen) return grant;
    }
    if (this.grants.size >= MAX_APPS) this.grants.delete(this.grants.keys().next().value as string);
    this.grants.set(appId, grant);
    return grant;
  }

  /** Subscribes to the room's events once; false when this call subscribed. */
  private watch(roomId: string): boolean {
    if (this.rooms.has(roomId)) return true;
    this.rooms.set(
      roomId,
      this.bus.subscribe(roomId, () => {
        this.events += 1;
        for (const [id, g] of this.grants) if (g.roomId === roomId) this.grants.delete(id);
      }),
    );
    return false;
  }

  private async declarationOf(proposalId: string): Promise<NetworkDeclaration> {
    const proposal = await this.store.getProposal(proposalId);
    if (proposal?.state !== 'approved') return EMPTY_NETWORK;
    // Checked again under today's rules: a version that no longer passes them grants nothing.
    return approvedNetwork({ network: this.rules, store: this.store }, proposal);
  }
}

/** A short stable name for a declaration; empty for none. */
export function fingerprint(d: NetworkDeclaration): string {
  if (isEmptyNetwork(d)) return '';
  return createHash('sha256').update(JSON.stringify(d)).digest('base64url').slice(0, 12);
}
