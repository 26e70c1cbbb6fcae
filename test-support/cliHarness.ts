import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CliIo } from '../client/cliTypes.ts';
import { runCli } from '../client/main.ts';

/** Runs `room …` in process with captured output (tests and the simulation). */
// biome-ignore lint/suspicious/noExplicitAny: callers read many --json shapes
type Json = any;

export async function runRoom(
  argv: string[],
  io: Partial<CliIo> = {},
): Promise<{ code: number; stdout: string; stderr: string; json: () => Json }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: {},
    retry: { baseMs: 5, capMs: 20 },
    ...io,
  });
  const stdout = out.join('\n');
  return { code, stdout, stderr: err.join('\n'), json: () => JSON.parse(stdout) };
}

/** A fresh folder holding `files` (relative path → text or bytes). */
export function appDir(files: Record<string, string | Uint8Array>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-cli-'));
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}
