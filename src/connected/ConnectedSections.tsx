import type { RoomSummary } from '../../validation/views.ts';
import { McpHelp } from './McpHelp.tsx';
import { PeopleSection } from './PeopleSection.tsx';
import { TokensSection } from './TokensSection.tsx';

/** What Connected lists: your own tokens and the MCP help for everyone; members and invites for the owner. */
export function ConnectedSections({ roomId, role }: { roomId: string; role: RoomSummary['role'] }) {
  return (
    <>
      <TokensSection />
      {role === 'owner' && <PeopleSection roomId={roomId} />}
      <McpHelp />
    </>
  );
}
