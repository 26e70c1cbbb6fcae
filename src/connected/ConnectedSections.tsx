import type { RoomSummary } from '../../validation/views.ts';
import { ConnectedAppsSection } from './ConnectedAppsSection.tsx';
import { McpHelp } from './McpHelp.tsx';
import { PeopleSection } from './PeopleSection.tsx';
import { TokensSection } from './TokensSection.tsx';

/** What Connected lists: your own tokens and OAuth-connected apps, the MCP help for everyone; members and invites for the owner. */
export function ConnectedSections({ roomId, role }: { roomId: string; role: RoomSummary['role'] }) {
  return (
    <>
      <TokensSection />
      <ConnectedAppsSection />
      {role === 'owner' && <PeopleSection roomId={roomId} />}
      <McpHelp />
    </>
  );
}
