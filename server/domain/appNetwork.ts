import { CodedError } from '../../validation/errorCodes.ts';
import {
  type NetworkDeclaration,
  type NetworkRules,
  networkDeclarationOf,
  readNetworkDeclaration,
} from '../../validation/networkDeclaration.ts';
import type { ProposalRow } from '../store/Store.ts';
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

// Approved proposals never change (files, pinned version), so their declaration is read once per server's rules.
const approved = new WeakMap<NetworkRules, Map<string, NetworkDeclaration>>();
const KEPT = 5000;

/** The hosts an approved proposal's app may reach: its declaration, or none when that no longer passes. */
export async function approvedNetwork(
  d: Pick<DomainDeps, 'network' | 'store'>,
  p: ProposalRow,
): Promise<NetworkDeclaration> {
  const rules = networkRulesOf(d);
  const kept = approved.get(rules) ?? new Map<string, NetworkDeclaration>();
  approved.set(rules, kept);
  const known = kept.get(p.id);
  if (known) return known;
  const files =
    p.files ??
    (p.repositoryId && p.versionId
      ? (await d.store.getVersion(p.repositoryId, p.versionId))?.files
      : undefined);
  const declaration = networkDeclarationOf(files, rules);
  if (kept.size >= KEPT) kept.clear();
  kept.set(p.id, declaration);
  return declaration;
}
