import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** What `room login` keeps for one server: its registration and the tokens it got. */
export interface SavedLogin {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
}

/** The credentials file: ROOM_CREDENTIALS, or ~/.config/room/credentials.json. */
export function credentialsPath(env: Record<string, string | undefined>): string {
  return env.ROOM_CREDENTIALS ?? path.join(os.homedir(), '.config', 'room', 'credentials.json');
}

/** A JSON file of logins by server URL, readable by its owner only (0600, in a 0700 folder when we make it). */
export class CredentialsFile {
  constructor(readonly file: string) {}

  read(server: string): SavedLogin {
    return this.all()[server] ?? {};
  }

  update(server: string, change: Partial<SavedLogin>): void {
    const all = this.all();
    all[server] = { ...all[server], ...change };
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    // A new file, owner-only from its first byte, renamed over the old one: never a readable moment.
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, this.file);
  }

  private all(): Record<string, SavedLogin> {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, SavedLogin>;
    } catch {
      return {};
    }
  }
}
