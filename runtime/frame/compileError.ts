import type { FrameError } from '../protocol.ts';

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
