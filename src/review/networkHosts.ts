import { mixedScripts, scriptName } from '../../validation/mixedScripts.ts';
import type { NetworkDeclaration } from '../../validation/views.ts';
import { punycodeLabel } from '../launcher/punycodeLabel.ts';

/** One declared origin as a person reads it: Unicode, its punycode when they differ, and a look-alike flag. */
export interface HostLine {
  origin: string;
  /** The origin with `xn--` labels in Unicode; undefined when it has none. */
  unicode: string | undefined;
  /** Why a label can imitate another name (it mixes scripts beyond TR39 Highly Restrictive). */
  flag: string | undefined;
}

export function hostLine(origin: string): HostLine {
  const m = /^([a-z]+:\/\/)([^:]+)(:\d+)?$/.exec(origin);
  if (!m) return { origin, unicode: undefined, flag: undefined };
  const labels = (m[2] as string).split('.').map((l) => punycodeLabel(l) ?? l);
  const host = labels.join('.');
  const mixed = labels.map(mixedScripts).find((s) => s !== undefined);
  return {
    origin,
    unicode: host === m[2] ? undefined : `${m[1]}${host}${m[3] ?? ''}`,
    flag: mixed
      ? `mixes ${mixed.map(scriptName).join(' and ')} letters: it can imitate another site's name`
      : undefined,
  };
}

/** What an update adds and removes, per list. */
export interface NetworkChange {
  connectAdded: string[];
  connectRemoved: string[];
  resourceAdded: string[];
  resourceRemoved: string[];
}

export function networkChange(before: NetworkDeclaration, after: NetworkDeclaration): NetworkChange {
  const minus = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));
  return {
    connectAdded: minus(after.connectDomains, before.connectDomains),
    connectRemoved: minus(before.connectDomains, after.connectDomains),
    resourceAdded: minus(after.resourceDomains, before.resourceDomains),
    resourceRemoved: minus(before.resourceDomains, after.resourceDomains),
  };
}
