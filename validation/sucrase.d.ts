// Sucrase publishes its parser's types beside, not inside, its ES module build: these map them over.
declare module 'sucrase/dist/esm/parser/index.js' {
  export * from 'sucrase/dist/types/parser/index';
}
declare module 'sucrase/dist/esm/parser/tokenizer/index.js' {
  export * from 'sucrase/dist/types/parser/tokenizer/index';
}
declare module 'sucrase/dist/esm/parser/tokenizer/types.js' {
  export * from 'sucrase/dist/types/parser/tokenizer/types';
}
declare module 'sucrase/dist/esm/identifyShadowedGlobals.js' {
  import type { Token } from 'sucrase/dist/types/parser/tokenizer/index';
  import type { Scope } from 'sucrase/dist/types/parser/tokenizer/state';
  /** Sets `shadowsGlobal` on names a local declaration shadows; reads only these two of a TokenProcessor. */
  export default function identifyShadowedGlobals(
    tokens: { tokens: Token[]; identifierNameForToken(token: Token): string },
    scopes: Scope[],
    globalNames: Set<string>,
  ): void;
}
declare module 'sucrase/dist/esm/parser/tokenizer/keywords.js' {
  export * from 'sucrase/dist/types/parser/tokenizer/keywords';
}
