import { InAppLink } from '../components/InAppLink.tsx';

/** The launcher's entry to Connected (tokens, MCP help; for owners also the approval queue). */
export function ConnectedLink({ roomId }: { roomId: string }) {
  const href = `/rooms/${encodeURIComponent(roomId)}/connected`;
  return <InAppLink href={href}>Connected</InAppLink>;
}
