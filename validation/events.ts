import type { PackagesPath, ProposalKind, ProposalState } from './views.ts';

/** What every proposal event says about its proposal. */
export type ProposalEventData = {
  proposal_id: string;
  name: string;
  kind: ProposalKind;
  state: ProposalState;
  /** The app this proposal updates (its instance id); null: a new app. */
  update_of: string | null;
};

/** Each event type with its data: ids and names, never files. */
export interface EventDataByType {
  'proposal.created': ProposalEventData;
  'proposal.approved': ProposalEventData & { app_id: string };
  'proposal.declined': ProposalEventData & { reason: string | null };
  'app.added': { app_id: string; name: string; position: number };
  'app.removed': { app_id: string };
  /** An app now runs another version in place (an approved update, or a rollback to `rollback_of`). */
  'app.updated': { app_id: string; name: string; version: number; rollback_of: number | null };
  /** An app approved before pre-bundling now has its packages' path recorded: launchers re-read the room. */
  'app.packages': { app_id: string; packages_path: PackagesPath };
  'apps.reordered': { apps: string[] };
  'room.renamed': { name: string };
  'member.joined': { person_id: string };
  'member.removed': { person_id: string };
}

export type EventType = keyof EventDataByType;

export const EVENT_TYPES = [
  'proposal.created',
  'proposal.approved',
  'proposal.declined',
  'app.added',
  'app.removed',
  'app.updated',
  'app.packages',
  'apps.reordered',
  'room.renamed',
  'member.joined',
  'member.removed',
] as const satisfies readonly EventType[];

/** Compiles only while EVENT_TYPES names every type of EventDataByType. */
export const EVENT_TYPES_COMPLETE: [Exclude<EventType, (typeof EVENT_TYPES)[number]>] extends [never]
  ? true
  : never = true;

/**
 * An event as every reader gets it (the JSON API, the event stream, MCP polling): `seq` strictly
 * increases within a room; `type` tells what `data` holds.
 */
export type WireEvent = {
  [T in EventType]: { seq: number; type: T; at: string; data: EventDataByType[T] };
}[EventType];

/** A page of events after a cursor and the room's latest sequence. */
export interface EventPage {
  events: WireEvent[];
  latest: number;
}
