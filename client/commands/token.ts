import { ALL_SCOPES, type Scope } from '../../validation/scopes.ts';
import { type CliContext, EXIT, type Outcome, positional, required, table, UsageError } from '../cliTypes.ts';
import { printable } from '../printable.ts';

const SCOPES: Record<string, Scope> = { read: 'osfoundry:read', write: 'osfoundry:write' };

/** A scope by its short name (read, write) or its full one; anything else is a usage error. */
function scopeNamed(name: string): Scope {
  const scope = SCOPES[name] ?? ALL_SCOPES.find((s) => s === name);
  if (!scope) throw new UsageError(`unknown scope ${name}: use read, write or both (read,write)`);
  return scope;
}

/** `room token create --label <l> [--scopes read,write] | list | revoke <id>` (JSON API). */
export async function token(ctx: CliContext): Promise<Outcome> {
  const sub = positional(ctx, 0, 'create|list|revoke');
  if (sub === 'create') {
    const label = required(ctx, 'label');
    const scopes = ctx.values.scopes?.split(',').map((s) => scopeNamed(s.trim()));
    const { token } = await ctx.client.api('POST /api/tokens', {
      body: { label, ...(scopes ? { scopes } : {}) },
    });
    const text = `Created token ${printable(token.id)} (${printable(token.scopes.join(' '))}). Its secret, shown once:\n${printable(token.secret)}`;
    return { exit: EXIT.ok, text, json: { token } };
  }
  if (sub === 'list') {
    const { tokens } = await ctx.client.api('GET /api/tokens');
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
    await ctx.client.api('DELETE /api/tokens/:tokenId', { params: { tokenId: id } });
    return { exit: EXIT.ok, text: `Revoked token ${printable(id)}.`, json: { ok: true, revoked: id } };
  }
  throw new UsageError(`unknown token command '${sub}': use create, list or revoke`);
}
