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
  /** Files compiled on this call (not taken from the cache or compiled ahead). */
  compiled: number;
}

/** The compiler is its own script (Sucrase is most of the runtime's weight): fetched on first need only. */
export const loadCompiler = lazyScript(() => import('./compile.ts'));

/** What a warm frame compiled before its app was opened: path → the source it compiled, and the body. */
const ahead = new Map<string, { source: string; body: string }>();

/**
 * A warm frame's wait, spent compiling the app's code files (one per task, so a `run` arriving meanwhile
 * is not held up); `compileApp` then takes each whose source is still the same. `waiting` turns false
 * once the app runs. Resolves when done; never throws (a file that fails is compiled again, and
 * reported, on run).
 */
export async function compileAhead(files: Record<string, string>, waiting: () => boolean): Promise<void> {
  let compiler: Awaited<ReturnType<typeof loadCompiler>>;
  try {
    compiler = await loadCompiler();
  } catch {
    return;
  }
  for (const path of Object.keys(files).filter(isCodeFile)) {
    if (!waiting()) return;
    const source = files[path] as string;
    if (ahead.get(path)?.source === source) continue;
    try {
      ahead.set(path, { source, body: compiler.compile(path, source) });
    } catch {
      // Compiled again on run, where the error is reported with its place.
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Takes each code file's module from `cached` when it is this runtime's version (the cache may hold only
 * the files an update left unchanged), or from what this frame compiled ahead for the same source, and
 * compiles the rest (loading the compiler only then). A file that fails is recorded, and thrown when
 * something imports it. `compiled`: how many files this call compiled itself.
 */
export async function compileApp(
  files: Record<string, string>,
  cached?: CompiledModules,
): Promise<AppModules> {
  const reuse = cached?.version === RUNTIME_VERSION ? cached.modules : {};
  const code = new Map<string, string>();
  const failed = new Map<string, FrameError>();
  const missing: string[] = [];
  let compiledAhead = false;
  for (const path of Object.keys(files).filter(isCodeFile)) {
    const hit = Object.hasOwn(reuse, path) ? reuse[path] : undefined;
    const early = ahead.get(path);
    if (typeof hit === 'string') code.set(path, hit);
    else if (early && early.source === files[path]) {
      code.set(path, early.body);
      compiledAhead = true;
    } else missing.push(path);
  }
  if (missing.length === 0) {
    // Compiled here, only earlier: the host still gets them for its cache.
    const fresh = compiledAhead ? { version: RUNTIME_VERSION, modules: Object.fromEntries(code) } : undefined;
    return { code, failed, compileMs: 0, compiled: 0, ...(fresh ? { fresh } : {}) };
  }
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
  return {
    code,
    failed,
    fresh: { version: RUNTIME_VERSION, modules: Object.fromEntries(code) },
    compileMs,
    compiled: missing.length,
  };
}
