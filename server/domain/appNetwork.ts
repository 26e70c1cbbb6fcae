import { CodedError } from '../../validation/errorCodes.ts';
import {
  type NetworkDeclaration,
  type NetworkRules,
  readNetworkDeclaration,
} from '../../validation/networkDeclaration.ts';
import type { DomainDeps } from './DomainDeps.ts';

// Outside the HTTP server (domain tests, scripts) there are no own sites to protect and no loopback.
const NO_DEPLOYMENT: NetworkRules = { ownOrigins: [], allowLoopback: false, serverPort: 0 };

/** The rules this server checks room.json against. */
export function networkRulesOf(d: Pick<DomainDeps, 'network'>): NetworkRules {
  return d.network ?? NO_DEPLOYMENT;
}

/** The network a proposal's files declare, or `invalid_network` naming the bad entry (before anything is stored). */
export function requireNetwork(
  d: Pick<DomainDeps, 'network'>,
  files: Readonly<Record<string, string>>,
): NetworkDeclaration {
  const verdict = readNetworkDeclaration(files, networkRulesOf(d));
  if (!verdict.ok) throw new CodedError(verdict.error.code, verdict.error.message, verdict.error.detail);
  return verdict.declaration;
}
