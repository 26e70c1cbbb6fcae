import { CodedError } from '../../validation/errorCodes.ts';
import { compile, compileError } from './compile.ts';
import { isRelative, resolveRelative } from './resolve.ts';

interface Module {
  exports: unknown;
}

type Factory = (require: (specifier: string) => unknown, module: Module, exports: unknown) => void;

/** Thrown when compiling or resolving fails; carries the location for the overlay and the host. */
export class LoaderError extends CodedError {
  constructor(
    code: 'compile_error' | 'unresolved_import',
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(code, message);
  }
}

/**
 * CommonJS-style loader over the app's file map: relative files only, plus the provided modules.
 * A module is cached before it runs, so circular imports see partial exports as in Node.
 */
export class ModuleLoader {
  private readonly cache = new Map<string, Module>();
  compileMs = 0;

  constructor(
    private readonly files: Record<string, string>,
    private readonly provided: Record<string, unknown>,
    private readonly injectCss: (path: string, css: string) => void,
  ) {}

  load(path: string): unknown {
    const cached = this.cache.get(path);
    if (cached) return cached.exports;
    const module: Module = { exports: {} };
    this.cache.set(path, module);
    const source = this.files[path] as string;
    if (path.endsWith('.css')) {
      this.injectCss(path, source);
    } else if (path.endsWith('.json')) {
      module.exports = JSON.parse(source);
    } else {
      const factory = this.evaluate(path, source);
      factory((specifier) => this.require(path, specifier), module, module.exports);
    }
    return module.exports;
  }

  require(from: string, specifier: string): unknown {
    if (Object.hasOwn(this.provided, specifier)) return this.provided[specifier];
    if (!isRelative(specifier)) {
      throw new LoaderError(
        'unresolved_import',
        `Cannot import "${specifier}" from ${from}: not a provided module`,
        from,
      );
    }
    const target = resolveRelative(this.files, from, specifier);
    if (!target) {
      throw new LoaderError('unresolved_import', `Cannot find "${specifier}" imported from ${from}`, from);
    }
    return this.load(target);
  }

  private evaluate(path: string, source: string): Factory {
    const started = performance.now();
    let code: string;
    try {
      code = compile(path, source);
    } catch (err) {
      const e = compileError(path, err);
      throw new LoaderError('compile_error', e.message, path, e.line, e.column);
    } finally {
      this.compileMs += performance.now() - started;
    }
    // Indirect eval keeps line numbers exact (new Function shifts them by two); sourceURL names the file.
    const wrapped = `(function (require, module, exports) {${code}\n})\n//# sourceURL=${path}`;
    // biome-ignore lint/complexity/noCommaOperator: indirect eval runs in global scope, away from the loader's locals
    // biome-ignore lint/security/noGlobalEval: compiling the app's approved files is this module's purpose
    return (0, eval)(wrapped) as Factory;
  }
}
