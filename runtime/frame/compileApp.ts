import type { CompiledModules, FrameError } from '../protocol.ts';
import { RUNTIME_VERSION } from '../runtimeVersion.ts';
import { compileError } from './compileError.ts';
import { lazyScript } from './lazyScript.ts';

/** Files the loader evaluates as code: each is compiled before the app's first module runs. */
export const isCodeFile = (path: string): boolean => /\.(tsx?|jsx?|mjs|cjs)$/.test(path);

/** Every code file's module body, or why it failed to compile. */
export interface AppModules {
  code: Map<string, string>;
  failed: Map<string, FrameError>;
  /** Every module, when this frame compiled any: the host may keep them. */
  fresh?: CompiledModules;
  compileMs: number;
}

/** The compiler is its own script (Sucrase is most of the runtime's weight): fetched on first need only. */
export const loadCompiler = lazyScript(() => import('./compile.ts'));

/**
 * Takes each code file's module from `cached` when it is this runtime's version, and compiles the rest
 * (loading the compiler only then). A file that fails is recorded, and thrown when something imports it.
 */
export async function compileApp(
  files: Record<string, string>,
  cached?: CompiledModules,
): Promise<AppModules> {
  const reuse = cached?.version === RUNTIME_VERSION ? cached.modules : {};
  const code = new Map<string, string>();
  const failed = new Map<string, FrameError>();
  const missing: string[] = [];
  for (const path of Object.keys(files).filter(isCodeFile)) {
    const hit = Object.hasOwn(reuse, path) ? reuse[path] : undefined;
    if (typeof hit === 'string') code.set(path, hit);
    else missing.push(path);
  }
  if (missing.length === 0) return { code, failed, compileMs: 0 };
  const { compile } = await loadCompiler();
  const started = performance.now();
  for (const path of missing) {
    try {
      code.set(path, compile(path, files[path] as string));
    } catch (err) {
      failed.set(path, compileError(path, err));
    }
  }
  const compileMs = performance.now() - started;
  // Reported even when a file failed (the host keeps only complete sets): the host takes the first
  // report only, so this one, sent before any app code runs, must always be the runtime's.
  return { code, failed, fresh: { version: RUNTIME_VERSION, modules: Object.fromEntries(code) }, compileMs };
}
