import { CodedError } from '../../validation/errorCodes.ts';
import { type Aliases, DEFAULT_ALIASES, readAliases } from '../../validation/pathAliases.ts';
import { isRelative, resolveImport } from '../../validation/resolveImport.ts';
import type { FrameError } from '../protocol.ts';
import { assetModule } from './assetModule.ts';
import { compileError } from './compileError.ts';

interface Module {
  exports: unknown;
}

type Factory = (require: (specifier: string) => unknown, module: Module, exports: unknown) => void;

/** A code file's CommonJS module body (compiled now, or taken from the compile cache); throws if it has none. */
export type ModuleBody = (path: string, source: string) => string;

/** Thrown when compiling or resolving fails; carries the location for the overlay and the host. */
export class LoaderError extends CodedError {
  override readonly code: 'compile_error' | 'unresolved_import';
  constructor(
    code: 'compile_error' | 'unresolved_import',
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(code, message);
    this.code = code;
  }

  toFrameError(): FrameError {
    return { code: this.code, message: this.message, file: this.file, line: this.line, column: this.column };
  }
}

/**
 * CommonJS-style loader over the app's file map: relative files only, plus the provided modules.
 * A module is cached before it runs, so circular imports see partial exports as in Node.
 */
export class ModuleLoader {
  private readonly cache = new Map<string, Module>();
  /** The app's `paths` (the gate refused any it could not honour; the default then). */
  private readonly aliases: Aliases;

  constructor(
    private readonly files: Record<string, string>,
    private readonly provided: Record<string, unknown>,
    private readonly injectCss: (path: string, css: string) => void,
    private readonly moduleBody: ModuleBody,
  ) {
    const read = readAliases(files);
    this.aliases = 'problem' in read ? DEFAULT_ALIASES : read;
  }

  load(path: string): unknown {
    const cached = this.cache.get(path);
    if (cached) return cached.exports;
    const module: Module = { exports: {} };
    this.cache.set(path, module);
    const source = this.files[path] as string;
    if (path.endsWith('.css')) {
      this.injectCss(path, source);
    } else if (path.endsWith('.json')) {
      try {
        module.exports = JSON.parse(source);
      } catch (err) {
        throw new LoaderError(
          'compile_error',
          `Invalid JSON in ${path}: ${(err as Error).message}`,
          path,
          1,
          1,
        );
      }
    } else {
      const factory = this.evaluate(path, source);
      factory((specifier) => this.require(path, specifier), module, module.exports);
    }
    return module.exports;
  }

  require(from: string, specifier: string): unknown {
    if (Object.hasOwn(this.provided, specifier)) return this.provided[specifier];
    const r = resolveImport(this.files, from, specifier, this.aliases);
    if (r.kind === 'file')
      return r.as === 'svg' || r.as === 'raw'
        ? assetModule(r.as, this.files[r.path] as string)
        : this.load(r.path);
    const why =
      r.kind === 'missing'
        ? isRelative(specifier)
          ? 'no such file in the app'
          : r.message
        : r.kind === 'unsupported'
          ? r.message
          : 'not a provided module';
    const at = locate(this.files[from] ?? '', specifier);
    throw new LoaderError(
      'unresolved_import',
      `Cannot import "${specifier}" from ${from}: ${why}`,
      from,
      at?.line,
      at?.column,
    );
  }

  private evaluate(path: string, source: string): Factory {
    let code: string;
    try {
      code = this.moduleBody(path, source);
    } catch (err) {
      if (err instanceof LoaderError) throw err;
      const e = compileError(path, err);
      throw new LoaderError('compile_error', e.message, path, e.line, e.column);
    }
    // Indirect eval keeps line numbers exact (new Function shifts them by two); sourceURL names the file.
    const wrapped = `(function (require, module, exports) {${code}\n})\n//# sourceURL=${path}`;
    // biome-ignore lint/complexity/noCommaOperator: indirect eval runs in global scope, away from the loader's locals
    // biome-ignore lint/security/noGlobalEval: compiling the app's approved files is this module's purpose
    return (0, eval)(wrapped) as Factory;
  }
}

/** Where a specifier appears quoted in the importing file's source (Sucrase keeps lines, not columns). */
function locate(source: string, specifier: string): { line: number; column: number } | undefined {
  for (const quote of ["'", '"', '`']) {
    const index = source.indexOf(`${quote}${specifier}${quote}`);
    if (index < 0) continue;
    const before = source.slice(0, index);
    const line = before.split('\n').length;
    return { line, column: index - before.lastIndexOf('\n') };
  }
  return undefined;
}
