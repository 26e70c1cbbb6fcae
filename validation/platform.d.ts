// The web-platform globals Node 20 and browsers both have: all the contract may use beyond ES2023.
// Declared here (not through lib "DOM" or @types/node) so that anything else fails the contract's type-check.

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

declare class URLSearchParams {
  constructor(init?: string[][] | Record<string, string> | string);
  toString(): string;
}

declare function structuredClone<T>(value: T): T;

declare var crypto: {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> };
};

declare class URL {
  constructor(url: string, base?: string);
  readonly hostname: string;
}
