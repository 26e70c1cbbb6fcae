import type { ServerResponse } from 'node:http';
import { type Config, frameHostMatcher, parseHost, sandpackHostMatcher } from '../config.ts';
import { sendError } from './respond.ts';

interface HostRule {
  hostname: string;
  /** Undefined: any port. */
  port: number | undefined;
}

// A browser sends these names only to a loopback address, and nobody can rebind them elsewhere.
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DEFAULT_PORTS = new Set([80, 443]);

/**
 * Whether a request's Host header names this server: the shell's host (`ROOM_PUBLIC_URL`), an app's
 * frame or Sandpack host, loopback, `ROOM_DEV_ORIGIN`'s host or a `ROOM_ALLOWED_HOSTS` entry.
 * Anything else is DNS rebinding (a foreign name resolved to this machine) or a misconfiguration.
 */
export function allowedHostMatcher(config: Config): (hostHeader: string) => boolean {
  const isFrame = frameHostMatcher(config);
  const isSandpack = sandpackHostMatcher(config);
  const rules: HostRule[] = [config.publicUrl, ...config.devOrigins].flatMap(urlRule);
  for (const entry of config.allowedHosts) {
    const rule = parseHost(entry);
    if (rule) rules.push(rule);
  }
  return (hostHeader) => {
    if (isFrame(hostHeader) || isSandpack(hostHeader)) return true;
    const host = parseHost(hostHeader);
    if (!host) return false;
    // Any port: a Host naming another loopback port comes from a local proxy (Vite's, a test's), not a page.
    if (LOOPBACK.has(host.hostname)) return true;
    return rules.some(
      (rule) =>
        rule.hostname === host.hostname &&
        (rule.port === undefined ||
          rule.port === host.port ||
          (host.port === undefined && DEFAULT_PORTS.has(rule.port))),
    );
  };
}

function urlRule(url: string): HostRule[] {
  try {
    const u = new URL(url);
    return [
      { hostname: u.hostname.toLowerCase(), port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)) },
    ];
  } catch {
    return [];
  }
}

const HINT =
  'set ROOM_PUBLIC_URL to the address people open, or add this host to ROOM_ALLOWED_HOSTS (comma-separated host[:port])';

/** 421 for a Host this server does not answer on: JSON on API paths, plain text elsewhere. */
export function refuseHost(res: ServerResponse, pathname: string, hostHeader: string): void {
  const shown = JSON.stringify(hostHeader.slice(0, 100));
  const message = `This server does not answer on host ${shown}: ${HINT}`;
  if (/^\/(api|npm|\.well-known)\//.test(pathname)) {
    sendError(res, { code: 'misdirected_request', message });
    return;
  }
  res.writeHead(421, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(message),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(message);
}
