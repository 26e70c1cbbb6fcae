import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The README's example, run as it is but for its ports. */
export const NGINX_EXAMPLE = path.join(ROOT, 'deploy/nginx.conf');

export interface RunningNginx {
  url: string;
  stop: () => Promise<void>;
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx'])
    if (fs.existsSync(candidate)) return candidate;
  throw new Error("No nginx binary: apt-get install nginx (.ci/run installs Debian's when missing)");
}

/** deploy/nginx.conf with its listen port and upstream servers replaced: the only changes. */
export function templateExample(port: number, upstreams: number[]): string {
  const example = fs.readFileSync(NGINX_EXAMPLE, 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const out = example
    .replace(/^( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/m, `${servers}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`);
  if (out.includes('listen 80;') || !out.includes(`127.0.0.1:${upstreams[0]}`))
    throw new Error('deploy/nginx.conf no longer has the listen and upstream lines this test replaces');
  return out;
}

/**
 * Debian's nginx as a child process (never the system service) on loopback `port`, proxying to the
 * servers on `upstreams`, with a temp prefix for its pid, logs and buffers. Resolves once it accepts.
 */
export async function startNginx(port: number, upstreams: number[]): Promise<RunningNginx> {
  const bin = nginxBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-nginx-'));
  // Workers may run as another user (nginx started as root): they need the buffers' folders.
  fs.chmodSync(dir, 0o755);
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => {
    fs.mkdirSync(path.join(dir, name), { mode: 0o777 });
    fs.chmodSync(path.join(dir, name), 0o777);
    return `  ${name === 'body' ? 'client_body' : name}_temp_path ${path.join(dir, name)};`;
  });
  fs.writeFileSync(path.join(dir, 'room.conf'), templateExample(port, upstreams));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...temp,
      `  include ${path.join(dir, 'room.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];
  execFileSync(bin, [...args, '-t'], { stdio: 'pipe' });
  const child: ChildProcess = spawn(bin, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.on('exit', kill);
  await waitForPort(port, exited);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      process.off('exit', kill);
      // QUIT: the master stops its workers and exits.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let i = 0; i < 200; i++) {
    if (gone) throw new Error('nginx exited before it listened');
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}
