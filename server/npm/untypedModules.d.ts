// Packages that ship no types: the parts this server uses.
declare module '@npmcli/config' {
  export default class Config {
    constructor(options: Record<string, unknown>);
    load(): Promise<void>;
    readonly flat: Record<string, unknown>;
  }
}

declare module '@npmcli/config/lib/definitions/index.js' {
  const definitions: {
    definitions: unknown;
    flatten: unknown;
    shorthands: unknown;
    nerfDarts: unknown;
  };
  export default definitions;
}

declare module 'npm-pick-manifest' {
  /** The manifest of `packument` that `wanted` (a range, version or dist-tag) picks; throws ETARGET. */
  export default function pickManifest(
    packument: { versions: Record<string, unknown>; 'dist-tags'?: Record<string, string> },
    wanted: string,
    opts?: Record<string, unknown>,
  ): Record<string, unknown>;
}
