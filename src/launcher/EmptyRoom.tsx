import { useState } from 'react';
import { InAppLink } from '../components/InAppLink.tsx';

/** An empty launcher: the owner learns how the first app gets here; a member that none is approved yet. */
export function EmptyRoom({ roomId, owner }: { roomId: string; owner: boolean }) {
  const [copied, setCopied] = useState<string>();
  if (!owner)
    return (
      <section className="empty-room" aria-labelledby="empty-h">
        <h2 id="empty-h">No apps in this room yet.</h2>
        <p>Nothing has been approved here yet. Apps appear as tabs once the room's owner approves them.</p>
      </section>
    );
  const command = `claude mcp add --transport http rooms ${location.origin}/api/v1/external-mcp`;
  const connected = `/rooms/${encodeURIComponent(roomId)}/connected`;
  const copy = () =>
    navigator.clipboard.writeText(command).then(
      () => setCopied('Copied.'),
      () => setCopied('Could not copy: select the command and copy it.'),
    );
  return (
    <section className="empty-room" aria-labelledby="empty-h">
      <h2 id="empty-h">No apps in this room yet.</h2>
      <p>Add the first app: apps come from your AI agent. Connect Claude Code to this server:</p>
      <div className="command-row">
        <pre className="code-scroll command">
          <code>{command}</code>
        </pre>
        <button type="button" onClick={copy}>
          Copy command
        </button>
      </div>
      <p role="status" className="muted">
        {copied}
      </p>
      <p>
        <InAppLink href={connected}>Make a personal token</InAppLink> for it (on the Connected page, which
        also shows the full setup). Then ask it for an app in this room; what it proposes waits for you under{' '}
        <strong>Needs your approval</strong>.
      </p>
    </section>
  );
}
