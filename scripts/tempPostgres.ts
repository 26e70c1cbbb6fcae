import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL: its folder (removed by stop) and the URL the tests use. */
export interface TempPostgres {
  dir: string;
  url: string;
}

/** Debian's newest PostgreSQL binaries, or undefined when none is installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

/** A port nothing listens on now, so two clones can test at once. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * initdb and pg_ctl in a fresh temp folder, on 127.0.0.1 only, with a random password; fsync off (the data
 * dies with the folder). As root they run as the `postgres` user (initdb refuses root).
 */
export async function startTempPostgres(port?: number): Promise<TempPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('No PostgreSQL under /usr/lib/postgresql: apt-get install postgresql');
  const at = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-pg.'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });
  try {
    if (asRoot) execFileSync('chown', ['postgres:', dir]);
    const password = crypto.randomBytes(18).toString('hex');
    const pwfile = path.join(dir, 'pwfile');
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (asRoot) execFileSync('chown', ['postgres:', pwfile]);
    run('initdb', [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    fs.rmSync(pwfile);
    const options = `-c listen_addresses=127.0.0.1 -p ${at} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    run('pg_ctl', [
      '-D',
      path.join(dir, 'data'),
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
      '-o',
      options,
    ]);
    return { dir, url: `postgres://postgres:${password}@127.0.0.1:${at}/postgres` };
  } catch (err) {
    const log = path.join(dir, 'server.log');
    const detail = fs.existsSync(log)
      ? fs.readFileSync(log, 'utf8')
      : String((err as { stderr?: Buffer }).stderr ?? '');
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${detail}`);
  }
}

export function stopTempPostgres(pg: TempPostgres): void {
  const bin = postgresBin();
  const data = path.join(pg.dir, 'data');
  if (bin && fs.existsSync(path.join(data, 'postmaster.pid'))) {
    const args = ['-D', data, '-m', 'fast', '-w', 'stop'];
    try {
      if (process.getuid?.() === 0)
        execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], {
          stdio: 'pipe',
        });
      else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'pipe' });
    } catch {
      // Already gone: the folder goes anyway.
    }
  }
  fs.rmSync(pg.dir, { recursive: true, force: true });
}

// `tsx scripts/tempPostgres.ts start [port]` prints exports for a shell (bench, by hand); `stop DIR` ends it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [verb, arg] = process.argv.slice(2);
  if (verb === 'start') {
    const pg = await startTempPostgres(arg ? Number(arg) : undefined);
    process.stdout.write(`export ROOM_TEMP_PG='${pg.dir}'\nexport TEST_DATABASE_URL='${pg.url}'\n`);
  } else if (verb === 'stop' && arg && path.basename(arg).startsWith('room-pg.')) {
    stopTempPostgres({ dir: arg, url: '' });
  } else {
    process.stderr.write('usage: tsx scripts/tempPostgres.ts start [port] | stop FOLDER\n');
    process.exit(2);
  }
}
