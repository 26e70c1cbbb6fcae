import { navigate } from '../router.ts';

/** The launcher's entry to Connected (tokens, MCP help; for owners also the approval queue). */
export function ConnectedLink({ roomId }: { roomId: string }) {
  const href = `/rooms/${encodeURIComponent(roomId)}/connected`;
  return (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      Connected
    </a>
  );
}
