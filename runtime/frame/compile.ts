import { transform } from 'sucrase';
import type { FrameError } from '../protocol.ts';

/** Compiles one app file to a CommonJS module body; lines are kept, so stacks point at the source. */
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

/** Sucrase throws `Error transforming src/App.tsx: Unexpected token (6:7)`: turn that into data. */
export function compileError(filePath: string, err: unknown): FrameError {
  const message = err instanceof Error ? err.message : String(err);
  const at = /\((\d+):(\d+)\)\s*$/.exec(message);
  const clean = message.replace(/^Error transforming [^:]+: /, '');
  return at
    ? {
        code: 'compile_error',
        message: clean,
        file: filePath,
        line: Number(at[1]),
        // Sucrase's columns are already 1-based: `)` at the start of a file reports (1:1).
        column: Number(at[2]),
      }
    : { code: 'compile_error', message: clean, file: filePath };
}
