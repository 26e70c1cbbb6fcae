import { MCP_PATH } from '../../validation/mcpTools.ts';
import type { Config } from '../config.ts';
import { OAuthError } from './OAuthError.ts';

/** The one resource this server issues tokens for (RFC 8707): its MCP endpoint. */
export function mcpResource(config: Config): string {
  return `${config.publicUrl}${MCP_PATH}`;
}

/** The resource a request names (absent: the MCP endpoint); any other is `invalid_target`. */
export function checkResource(config: Config, requested: string | null): string {
  const resource = mcpResource(config);
  if (requested === null || requested === '') return resource;
  let normal: string | undefined;
  try {
    normal = new URL(requested).href;
  } catch {
    normal = undefined;
  }
  if (normal !== new URL(resource).href)
    throw new OAuthError('invalid_target', `Tokens here are for ${resource} only`);
  return resource;
}
