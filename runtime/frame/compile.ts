import { transform } from 'sucrase';

/**
 * Compiles one app file to a CommonJS module body; lines are kept, so stacks point at the source.
 * The frame imports this module lazily (its own script, compile.js): a compile-cache hit never loads it.
 */
export function compile(filePath: string, code: string): string {
  const transforms: ('typescript' | 'jsx' | 'imports')[] = /\.tsx?$/.test(filePath)
    ? filePath.endsWith('.tsx')
      ? ['typescript', 'jsx', 'imports']
      : ['typescript', 'imports']
    : ['jsx', 'imports'];
  return transform(code, {
    transforms,
    filePath,
    jsxRuntime: 'automatic',
    production: true,
    keepUnusedImports: false,
  }).code;
}
