import { type CliContext, EXIT, type Outcome, positional, required, table, UsageError } from '../cliTypes.ts';
import { printable } from '../printable.ts';

interface TokenView {
  id: string;
  label: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const SCOPES: Record<string, string> = { read: 'osfoundry:read', write: 'osfoundry:write' };

/** `room token create --label <l> [--scopes read,write] | list | revoke <id>` (JSON API). */
export async function token(ctx: CliContext): Promise<Outcome> {
  const sub = positional(ctx, 0, 'create|list|revoke');
  if (sub === 'create') {
    const label = required(ctx, 'label');
    const scopes = ctx.values.scopes?.split(',').map((s) => SCOPES[s.trim()] ?? s.trim());
    const { token } = await ctx.client.api<{ token: TokenView & { secret: string } }>('POST', '/api/tokens', {
      label,
      ...(scopes ? { scopes } : {}),
    });
    const text = `Created token ${printable(token.id)} (${printable(token.scopes.join(' '))}). Its secret, shown once:\n${printable(token.secret)}`;
    return { exit: EXIT.ok, text, json: { token } };
  }
  if (sub === 'list') {
    const { tokens } = await ctx.client.api<{ tokens: TokenView[] }>('GET', '/api/tokens');
    const rows = tokens.map((t) => [
      t.id,
      t.label,
      t.scopes.join(' '),
      t.revoked_at ? `revoked ${t.revoked_at}` : `last used ${t.last_used_at ?? 'never'}`,
    ]);
    return { exit: EXIT.ok, text: table([['id', 'label', 'scopes', 'state'], ...rows]), json: { tokens } };
  }
  if (sub === 'revoke') {
    const id = positional(ctx, 1, 'token id');
    await ctx.client.api('DELETE', `/api/tokens/${encodeURIComponent(id)}`);
    return { exit: EXIT.ok, text: `Revoked token ${printable(id)}.`, json: { ok: true, revoked: id } };
  }
  throw new UsageError(`unknown token command '${sub}': use create, list or revoke`);
}
