import { isIP } from 'node:net';
import path from 'node:path';
import type { NetworkRules } from '../validation/networkDeclaration.ts';

export interface Config {
  port: number;
  host: string;
  /** The shell's public base URL, without a trailing slash. */
  publicUrl: string;
  /** Where app frames load; `{app}` is replaced by the app's key. */
  frameUrl: string;
  dataDir: string;
  /** DATABASE_URL: PostgreSQL (`postgres://…`) instead of SQLite in the data folder. */
  databaseUrl: string | undefined;
  ownerToken: string | undefined;
  demo: boolean;
  /** Proposals one person may make per minute (whatever tokens they use). */
  proposalsPerMinute: number;
  /** Dynamic OAuth client registrations one address may make an hour, and the most clients kept. */
  oauthRegistrationsPerHour: number;
  oauthMaxClients: number;
  /** Tests only: client metadata documents (CIMD) on http://127.0.0.1 or *.localhost are fetched. */
  oauthCimdAllowLoopback: boolean;
  /** Proxies whose X-Forwarded-For the registration budget believes (exact addresses). */
  trustedProxies: string[];
  /** Extra origins allowed to frame app documents (Vite's dev server). */
  devOrigins: string[];
  /** Where an app's Sandpack bundler loads (its own site, like frameUrl); `{app}` is the app's key. */
  sandpackUrl: string;
  /** The npm registry cache the Sandpack bundler installs from. */
  npmCacheDir: string;
  /** Serve only the npm cache: never run npm. */
  npmOffline: boolean;
  /** Build approved apps' packages into bundles for the Sucrase path (ROOM_PACKAGE_BUNDLES=0: Sandpack only). */
  packageBundles: boolean;
  /** More `host[:port]` names the server answers on (load balancers, health checks); no port: any. */
  allowedHosts: string[];
  /** ROOM_NETWORK_ALLOW_LOOPBACK=1 (tests, development): room.json may name loopback origins. */
  networkLoopback: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 5178);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.HOST ?? '127.0.0.1';
  const publicUrl = trimSlash(env.ROOM_PUBLIC_URL ?? `http://${host}:${port}`);
  const frameUrl = trimSlash(env.ROOM_FRAME_URL ?? `http://{app}.localhost:${port}`);
  if (!frameUrl.includes('{app}')) throw new Error('ROOM_FRAME_URL must contain {app}');
  const proposalsPerMinute = Number(env.ROOM_PROPOSALS_PER_MINUTE ?? 60);
  if (!Number.isInteger(proposalsPerMinute) || proposalsPerMinute < 1)
    throw new Error(
      `ROOM_PROPOSALS_PER_MINUTE must be a positive integer, got "${env.ROOM_PROPOSALS_PER_MINUTE}"`,
    );
  const oauthRegistrationsPerHour = positiveInteger(env, 'ROOM_OAUTH_REGISTRATIONS_PER_HOUR', 20);
  const oauthMaxClients = positiveInteger(env, 'ROOM_OAUTH_MAX_CLIENTS', 1000);
  const trustedProxies = (env.ROOM_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const badProxy = trustedProxies.find((entry) => !isIP(entry));
  if (badProxy !== undefined)
    throw new Error(`ROOM_TRUSTED_PROXIES takes IP addresses separated by commas, got "${badProxy}"`);
  const sandpackUrl = trimSlash(env.ROOM_SANDPACK_URL ?? `http://{app}-sp.localhost:${port}`);
  if (!sandpackUrl.includes('{app}')) throw new Error('ROOM_SANDPACK_URL must contain {app}');
  const dataDir = path.resolve(env.ROOM_DATA_DIR ?? '.room-data');
  const databaseUrl = env.DATABASE_URL || undefined;
  // Never echo the URL: it usually holds a password.
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('DATABASE_URL must be a postgres:// URL (unset: SQLite in the data folder)');
  const allowedHosts = (env.ROOM_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const badHost = allowedHosts.find((entry) => !parseHost(entry));
  if (badHost !== undefined)
    throw new Error(
      `ROOM_ALLOWED_HOSTS takes host[:port] names separated by commas (no scheme, no path), got "${badHost}"`,
    );
  const loopback = env.ROOM_NETWORK_ALLOW_LOOPBACK ?? '0';
  if (loopback !== '0' && loopback !== '1')
    throw new Error(`ROOM_NETWORK_ALLOW_LOOPBACK must be 1 or 0, got "${loopback}"`);
  return {
    port,
    host,
    publicUrl,
    frameUrl,
    dataDir,
    databaseUrl,
    ownerToken: env.ROOM_OWNER_TOKEN || undefined,
    demo: env.ROOM_DEMO !== '0',
    proposalsPerMinute,
    oauthRegistrationsPerHour,
    oauthMaxClients,
    oauthCimdAllowLoopback: env.ROOM_OAUTH_CIMD_ALLOW_LOOPBACK === '1',
    trustedProxies,
    devOrigins: env.ROOM_DEV_ORIGIN ? [env.ROOM_DEV_ORIGIN] : [],
    sandpackUrl,
    npmCacheDir: path.resolve(env.ROOM_NPM_CACHE ?? path.join(dataDir, 'npm-cache')),
    npmOffline: env.ROOM_NPM_OFFLINE === '1',
    packageBundles: env.ROOM_PACKAGE_BUNDLES !== '0',
    allowedHosts,
    networkLoopback: loopback === '1',
  };
}

/** A Host header (or ROOM_ALLOWED_HOSTS entry) split into name and port; undefined when malformed. */
export function parseHost(text: string): { hostname: string; port: number | undefined } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?::(\d{1,5}))?$/i.exec(text);
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { hostname: (match[1] as string).toLowerCase(), port };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The origin an app's frame loads from. */
export function frameOrigin(config: Config, appKey: string): string {
  return config.frameUrl.replace('{app}', appKey);
}

/** Matches a request's Host header against the frame URL template; returns the app key. */
export function frameHostMatcher(config: Config): (hostHeader: string) => string | undefined {
  return hostMatcher(config.frameUrl);
}

/** Matches a request's Host header against the Sandpack URL template; returns the app key. */
export function sandpackHostMatcher(config: Config): (hostHeader: string) => string | undefined {
  return hostMatcher(config.sandpackUrl);
}

/** The origin an app's Sandpack bundler loads from. */
export function sandpackOrigin(config: Config, appKey: string): string {
  return config.sandpackUrl.replace('{app}', appKey);
}

function hostMatcher(template: string): (hostHeader: string) => string | undefined {
  const host = new URL(template.replace('{app}', 'x-app-x')).host;
  const pattern = host
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('x-app-x', '([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)');
  const re = new RegExp(`^${pattern}$`, 'i');
  return (hostHeader) => re.exec(hostHeader)?.[1]?.toLowerCase();
}

/** CSP source matching every app frame (`http://*.localhost:5178`). */
export function frameSource(config: Config): string {
  return config.frameUrl.replace('{app}', '*');
}

/** CSP source matching every app's Sandpack bundler; empty when frameSource already covers it. */
export function sandpackSource(config: Config): string {
  const source = config.sandpackUrl.replace(/\{app\}[^.:/]*/, '*');
  return source === frameSource(config) ? '' : source;
}

/** What a room.json is checked against here: this deployment's own sites and the loopback setting. */
export function networkRules(config: Config): NetworkRules {
  return {
    ownOrigins: [
      config.publicUrl,
      frameSource(config),
      config.sandpackUrl.replace(/\{app\}[^.:/]*/, '*'),
      ...config.devOrigins,
      ...config.allowedHosts.map((h) => `https://${h}`),
    ],
    allowLoopback: config.networkLoopback,
    serverPort: config.port,
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${env[name]}"`);
  return value;
}
