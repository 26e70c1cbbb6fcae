/**
 * What a compiled module depends on: the compiler's version and how the runtime calls it and wraps its
 * output. Bump the suffix when compile.ts's options or ModuleLoader's module wrapper change; the compile
 * cache hands a frame only modules of this exact version.
 */
export const RUNTIME_VERSION = 'sucrase-3.35.1/1';
