import type { Config } from '../config.ts';
import { SESSION_MS } from '../domain/auth.ts';
import { SESSION_COOKIE } from './authenticate.ts';

export function sessionCookie(config: Config, secret: string): string {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}${secure}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
}
