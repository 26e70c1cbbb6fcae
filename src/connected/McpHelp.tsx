/** How to connect an MCP client (Claude Code shown) to this server with a personal token. */
export function McpHelp() {
  const command = `claude mcp add --transport http rooms ${location.origin}/api/v1/external-mcp --header "Authorization: Bearer <token>"`;
  return (
    <section aria-labelledby="mcp-h">
      <h2 id="mcp-h">Connect an MCP client</h2>
      <p>Create a token above, then run (replace &lt;token&gt; with it):</p>
      <pre className="code-scroll command">
        <code>{command}</code>
      </pre>
    </section>
  );
}
