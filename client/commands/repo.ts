import path from 'node:path';
import type { WireError } from '../../validation/errorCodes.ts';
import { checkName } from '../../validation/names.ts';
import { checkVersionFiles, REPOSITORY_LIMITS } from '../../validation/proposal.ts';
import { type CliContext, EXIT, type Outcome, positional, UsageError } from '../cliTypes.ts';
import { collectFiles } from '../collectFiles.ts';
import { printable } from '../printable.ts';
import { reportSkipped } from '../reportSkipped.ts';
import { withRetry } from '../withRetry.ts';

const refused = (error: WireError, skipped: object[] = []): Outcome => ({
  exit: EXIT.rejected,
  text: `REJECT (rule) ${error.code}: ${printable(error.message)}`,
  json: { ok: false, error, ...(skipped.length ? { skipped } : {}) },
});

/** `room repo push <dir> [--repo <repository_id>] [--name <name>]`: an immutable, content-addressed version. */
export async function repo(ctx: CliContext): Promise<Outcome> {
  const sub = positional(ctx, 0, 'push');
  if (sub !== 'push') throw new UsageError(`unknown repo command '${sub}': use push`);
  const dir = positional(ctx, 1, 'dir');
  const { files, skipped, tooLarge } = await collectFiles(dir, REPOSITORY_LIMITS);
  reportSkipped(ctx, skipped);
  const bad = tooLarge ?? checkVersionFiles(files);
  if (bad) return refused(bad, skipped);
  let repositoryId = ctx.values.repo;
  if (!repositoryId) {
    const name = ctx.values.name ?? path.basename(path.resolve(dir));
    const badName = checkName(name);
    if (badName) return refused(badName);
    const created = await ctx.client.api('POST /api/repositories', { body: { name } });
    repositoryId = created.repository.id;
  }
  // Versions are content-addressed: re-sending the same files after a lost answer makes no second version.
  const { version } = await withRetry(
    () =>
      ctx.client.api('POST /api/repositories/:repositoryId/versions', {
        params: { repositoryId },
        body: { files },
      }),
    ctx.io.retry,
  );
  return {
    exit: EXIT.ok,
    text: `repository_id ${printable(repositoryId)}\nversion_id ${printable(version.id)}\nPropose it: room propose --repo ${printable(repositoryId)} --version ${printable(version.id)} --room <room> --name <name>`,
    json: {
      ok: true,
      repository_id: repositoryId,
      version_id: version.id,
      files: Object.keys(files),
      skipped,
    },
  };
}
