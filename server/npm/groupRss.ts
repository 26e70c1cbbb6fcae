import fs from 'node:fs';

const PAGE = 4096;

/**
 * The resident memory of every process in process group `pgid` (a builder and its esbuild service),
 * in bytes, from /proc; 0 where there is no /proc (the wall-clock limit and GOMEMLIMIT still hold).
 */
export async function groupRss(pgid: number): Promise<number> {
  const pids = await fs.promises.readdir('/proc').catch(() => [] as string[]);
  let total = 0;
  await Promise.all(
    pids
      .filter((p) => /^\d+$/.test(p))
      .map(async (p) => {
        const stat = await fs.promises.readFile(`/proc/${p}/stat`, 'utf8').catch(() => '');
        // Fields after the command's closing parenthesis: state ppid pgrp … (rss is the 22nd of them).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === pgid) total += Number(fields[21]) * PAGE;
      }),
  );
  return total;
}
