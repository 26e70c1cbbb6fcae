import path from 'node:path';
import Config from '@npmcli/config';
import configDefinitions from '@npmcli/config/lib/definitions/index.js';

/** npm's flattened options (registry, scoped registries, proxy, CA, auth) for npm-registry-fetch. */
export type NpmOptions = Record<string, unknown>;

let loaded: Promise<NpmOptions> | undefined;

const FETCH_KEYS = new Set([
  'registry',
  'proxy',
  'httpsProxy',
  'noProxy',
  'ca',
  'cert',
  'key',
  'strictSSL',
  'localAddress',
  'maxSockets',
  'userAgent',
  '_auth',
]);

/**
 * The person's npm configuration, read the way npm reads it (`.npmrc` files, `npm_config_*` variables),
 * so a company mirror, proxy or token keeps working; read once per process, without running npm.
 */
export function loadNpmConfig(): Promise<NpmOptions> {
  loaded ??= (async () => {
    const { definitions, flatten, shorthands, nerfDarts } = configDefinitions;
    const config = new Config({
      npmPath: path.dirname(process.execPath),
      definitions,
      flatten,
      shorthands,
      nerfDarts,
      argv: [process.execPath, 'room-server'],
      env: process.env,
      execPath: process.execPath,
      platform: process.platform,
      cwd: process.cwd(),
    });
    await config.load();
    const flat = config.flat;
    // Only what reaching the registry needs: npm's install, cache and script settings stay out.
    const picked = Object.fromEntries(
      Object.entries(flat).filter(
        ([key]) => FETCH_KEYS.has(key) || key.startsWith('//') || key.endsWith(':registry'),
      ),
    );
    return {
      ...picked,
      timeout: 60_000,
      fetchRetries: 1,
      fetchRetryMintimeout: 500,
      fetchRetryMaxtimeout: 2000,
    };
  })();
  return loaded;
}
