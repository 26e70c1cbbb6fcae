// PLACEHOLDER until N1's validation/networkDeclaration.ts lands: deleted at merge.
export interface NetworkDeclaration {
  connectDomains: string[];
  resourceDomains: string[];
}

export const NO_NETWORK: NetworkDeclaration = { connectDomains: [], resourceDomains: [] };

/** The approved files' `room.json` declaration; anything unreadable declares nothing. */
export function readNetworkDeclaration(files: Record<string, string>): NetworkDeclaration {
  const text = files['room.json'];
  if (text === undefined) return NO_NETWORK;
  try {
    const csp = (JSON.parse(text) as { csp?: Partial<NetworkDeclaration> }).csp ?? {};
    const list = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    return { connectDomains: list(csp.connectDomains), resourceDomains: list(csp.resourceDomains) };
  } catch {
    return NO_NETWORK;
  }
}
