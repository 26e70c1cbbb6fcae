import { isIP } from 'node:net';
import type { NetworkDeclaration } from '../../validation/networkDeclaration.ts';
import type { Config } from '../config.ts';

/** CSP sources an approved declaration grants: connect (fetch, XHR, EventSource, WebSocket) and resources. */
export interface NetworkSources {
  connect: string[];
  resource: string[];
}

/**
 * The declaration as CSP sources, filtered again here whatever validation let through: `https:`/`wss:`
 * origins of DNS names only (or, with ROOM_NETWORK_ALLOW_LOOPBACK, `http:` loopback on another port
 * than the server's), never one of this product's own hosts or a wildcard covering one, each rebuilt
 * from its parts so nothing but an origin reaches the header.
 */
export function networkSources(config: Config, d: NetworkDeclaration): NetworkSources {
  const own = ownHosts(config);
  const keep = (entries: string[]) => [...new Set(entries.flatMap((e) => cspSource(e, config, own) ?? []))];
  return { connect: keep(d.connectDomains), resource: keep(d.resourceDomains) };
}

const LABELS = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function cspSource(entry: string, config: Config, own: OwnHost[]): string | undefined {
  const wildcard = /^([a-z]+:\/\/)\*\./i.exec(entry);
  let url: URL;
  try {
    url = new URL(wildcard ? entry.replace('*.', '') : entry);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return undefined;
  const host = `${wildcard ? '*.' : ''}${url.hostname}`;
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')))
    return !wildcard && isLoopbackIp(url, config) ? `http://127.0.0.1:${url.port}` : undefined;
  if (!LABELS.test(host)) return undefined;
  const loopback = host === 'localhost' || host.endsWith('.localhost');
  if (loopback) {
    if (!config.networkLoopback || url.protocol !== 'http:' || !url.port) return undefined;
    if (loopbackPorts(config).has(Number(url.port))) return undefined;
  } else {
    if (url.protocol !== 'https:' && url.protocol !== 'wss:') return undefined;
    if (!host.includes('.') || /\.(local|internal)$/.test(host) || own.some((o) => overlaps(host, o)))
      return undefined;
  }
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/** `http://127.0.0.1:<port>` under the loopback switch, never on a port of this server. */
function isLoopbackIp(url: URL, config: Config): boolean {
  return (
    !!config.networkLoopback &&
    url.protocol === 'http:' &&
    url.hostname === '127.0.0.1' &&
    !!url.port &&
    !loopbackPorts(config).has(Number(url.port))
  );
}

/** Ports this server answers on: its own and the public shell, frame and Sandpack sites'. */
function loopbackPorts(config: Config): Set<number> {
  const ports = new Set([config.port]);
  for (const t of [config.publicUrl, config.frameUrl, config.sandpackUrl]) {
    const url = new URL(t.replace('{app}', 'app'));
    ports.add(Number(url.port || (url.protocol === 'https:' ? 443 : 80)));
  }
  return ports;
}

/** A host of this deployment: the shell's name, or a frame/Sandpack site's pattern (`*.<base>`). */
type OwnHost = { wildcard: boolean; base: string };

function ownHosts(config: Config): OwnHost[] {
  return [config.publicUrl, config.frameUrl, config.sandpackUrl].map((t) => {
    const hostname = new URL(t.replace(/\{app\}[^.:/]*/, 'app')).hostname;
    return t.includes('{app}')
      ? { wildcard: true, base: hostname.replace(/^[^.]*\./, '') }
      : { wildcard: false, base: hostname };
  });
}

/** Whether a declared host (`name` or `*.name`) can name a host this deployment serves. */
function overlaps(host: string, own: OwnHost): boolean {
  const wildcard = host.startsWith('*.');
  const name = wildcard ? host.slice(2) : host;
  const under = (a: string, b: string) => a === b || a.endsWith(`.${b}`);
  if (isIP(own.base)) return name === own.base;
  if (own.wildcard && wildcard) return under(name, own.base) || under(own.base, name);
  if (own.wildcard) return under(name, own.base) && name !== own.base;
  return wildcard ? under(own.base, name) && own.base !== name : name === own.base;
}
