/** How to connect an MCP client (Claude Code shown): sign in with OAuth, or a personal token for scripts. */
export function McpHelp() {
  const url = `${location.origin}/api/v1/external-mcp`;
  const command = `claude mcp add --transport http rooms ${url} --header "Authorization: Bearer <token>"`;
  return (
    <section aria-labelledby="mcp-h">
      <h2 id="mcp-h">Connect an MCP client</h2>
      <p>
        Run this, then type /mcp in Claude Code to sign in; you allow it here and it shows under Connected
        apps:
      </p>
      <pre className="code-scroll command">
        <code>{`claude mcp add --transport http rooms ${url}`}</code>
      </pre>
      <p>For a headless script, create a token above, then run (replace &lt;token&gt; with it):</p>
      <pre className="code-scroll command">
        <code>{command}</code>
      </pre>
    </section>
  );
}
