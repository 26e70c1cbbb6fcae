import { parseArgs } from 'node:util';
import { CodedError } from '../validation/errorCodes.ts';
import { CredentialsFile, credentialsPath } from './CredentialsFile.ts';
import { type CliContext, type CliIo, type CliValues, EXIT, type Outcome, UsageError } from './cliTypes.ts';
import { login } from './commands/login.ts';
import { propose } from './commands/propose.ts';
import { repo } from './commands/repo.ts';
import { apps, rooms, status } from './commands/rooms.ts';
import { size } from './commands/size.ts';
import { token } from './commands/token.ts';
import { wait } from './commands/wait.ts';
import { LoginProvider } from './LoginProvider.ts';
import { printable, printableJson, printableLines } from './printable.ts';
import { RoomClient } from './RoomClient.ts';

export const DEFAULT_URL = 'http://127.0.0.1:5178';

export const COMMANDS: Record<string, (ctx: CliContext) => Promise<Outcome>> = {
  propose,
  wait,
  rooms,
  apps,
  status,
  token,
  repo,
  size,
  login,
};

export const USAGE = `usage: room <command> [options]   (--url/ROOM_URL, --token/ROOM_TOKEN, --json everywhere)
  propose <dir> --room <id> --name <name> [--key <k>]   validate locally, then propose (no polling)
  propose --repo <repository_id> --version <version_id> --room <id> --name <name>
  wait <proposal> --room <id> [--budget <seconds>]       wait for the owner (exit 0 approved, 4 declined, 5 gave up)
  rooms | apps <room> | status <room> <instance>
  token create --label <l> [--scopes read,write] | token list | token revoke <id>
  repo push <dir> [--repo <repository_id>] [--name <name>]
  size <dir>                                             bytes, lines, envelope, tokens
  login [--scopes read,write]                            sign in with OAuth in the browser (MCP commands then need no token)`;

// Proposal verdicts (local or the server's) exit 3, so a script can tell "fix the app" from "try later".
const REJECTIONS = new Set(['schema_violation', 'unsafe_path', 'missing_entry', 'invalid_name', 'too_large']);

/** Runs one `room` command; returns its exit code. Output goes through `io`, never with a raw control character. */
export async function runCli(argv: string[], raw: CliIo): Promise<number> {
  // The commands escape each name and server text where they print it; this is the guard behind them.
  const io: CliIo = {
    ...raw,
    stdout: (text) => raw.stdout(printableLines(text)),
    stderr: (text) => raw.stderr(printableLines(text)),
  };
  let json = argv.includes('--json');
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        json: { type: 'boolean' },
        room: { type: 'string' },
        name: { type: 'string' },
        repo: { type: 'string' },
        version: { type: 'string' },
        key: { type: 'string' },
        label: { type: 'string' },
        scopes: { type: 'string' },
        budget: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    json = values.json ?? false;
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      io.stdout(USAGE);
      return command || values.help ? EXIT.ok : EXIT.usage;
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`unknown command '${command}'`);
    const url = (values.url ?? io.env.ROOM_URL ?? DEFAULT_URL).replace(/\/+$/, '');
    // `room login`'s tokens, when there are some for this server and no token is given.
    const saved = new CredentialsFile(credentialsPath(io.env));
    const client = new RoomClient({
      url,
      token: values.token ?? io.env.ROOM_TOKEN,
      authProvider: saved.read(url).tokens ? new LoginProvider(saved, url) : undefined,
    });
    try {
      const out = await run({ io, client, values: values as CliValues, positionals: rest });
      io.stdout(json ? printableJson(out.json) : out.text);
      return out.exit;
    } finally {
      await client.close();
    }
  } catch (err) {
    return fail(io, json, err);
  }
}

function fail(io: CliIo, json: boolean, err: unknown): number {
  const usage = err instanceof UsageError || (err as { code?: string })?.code?.startsWith?.('ERR_PARSE_ARGS');
  const coded = err instanceof CodedError ? err.toWire() : undefined;
  const message = (err as Error)?.message ?? String(err);
  const exit = usage ? EXIT.usage : coded && REJECTIONS.has(coded.code) ? EXIT.rejected : EXIT.error;
  if (json)
    io.stdout(
      printableJson({ ok: false, error: coded ?? { code: usage ? 'bad_request' : 'internal', message } }),
    );
  io.stderr(
    `room: ${coded ? `${printable(coded.code)}: ` : ''}${printable(message.split('\n')[0])}${usage ? ' (room --help)' : ''}`,
  );
  return exit;
}
