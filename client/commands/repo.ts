import path from 'node:path';
import { checkName } from '../../validation/names.ts';
import { checkVersionFiles } from '../../validation/proposal.ts';
import { type CliContext, EXIT, type Outcome, positional, UsageError } from '../cliTypes.ts';
import { collectFiles } from '../collectFiles.ts';
import { withRetry } from '../withRetry.ts';

/** `room repo push <dir> [--repo <repository_id>] [--name <name>]`: an immutable, content-addressed version. */
export async function repo(ctx: CliContext): Promise<Outcome> {
  const sub = positional(ctx, 0, 'push');
  if (sub !== 'push') throw new UsageError(`unknown repo command '${sub}': use push`);
  const dir = positional(ctx, 1, 'dir');
  const { files, skipped } = await collectFiles(dir);
  for (const s of skipped) if (!ctx.values.json) ctx.io.stderr(`room: skipped ${s.path} (${s.reason})`);
  const bad = checkVersionFiles(files);
  if (bad)
    return {
      exit: EXIT.rejected,
      text: `REJECT (rule) ${bad.code}: ${bad.message}`,
      json: { ok: false, error: bad },
    };
  let repositoryId = ctx.values.repo;
  if (!repositoryId) {
    const name = ctx.values.name ?? path.basename(path.resolve(dir));
    const badName = checkName(name);
    if (badName)
      return {
        exit: EXIT.rejected,
        text: `REJECT (rule) ${badName.code}: ${badName.message}`,
        json: { ok: false, error: badName },
      };
    const created = await ctx.client.api<{ repository: { id: string } }>('POST', '/api/repositories', {
      name,
    });
    repositoryId = created.repository.id;
  }
  // Versions are content-addressed: re-sending the same files after a lost answer makes no second version.
  const { version } = await withRetry(
    () =>
      ctx.client.api<{ version: { id: string } }>(
        'POST',
        `/api/repositories/${encodeURIComponent(repositoryId)}/versions`,
        {
          files,
        },
      ),
    ctx.io.retry,
  );
  return {
    exit: EXIT.ok,
    text: `repository_id ${repositoryId}\nversion_id ${version.id}\nPropose it: room propose --repo ${repositoryId} --version ${version.id} --room <room> --name <name>`,
    json: {
      ok: true,
      repository_id: repositoryId,
      version_id: version.id,
      files: Object.keys(files),
      skipped,
    },
  };
}
