import type { CompiledModules } from '../protocol.ts';
import { RUNTIME_VERSION } from '../runtimeVersion.ts';

/** A compiled module may be this many times its source (Sucrase adds helpers and interop), plus some. */
const GROWTH = 4;
const SLACK_BYTES = 16 * 1024;
/** Tailwind's CSS for one app: its utilities, theme variables and preflight (a few tens of KiB in practice). */
const MAX_CSS_BYTES = 512 * 1024;
const CODE_FILE = /\.(tsx?|jsx?|mjs|cjs)$/;

/** True when `compiled` holds a module for every code file of `files`: the frame then compiles nothing. */
export const coversCode = (files: Record<string, string>, compiled: CompiledModules | undefined): boolean =>
  compiled !== undefined &&
  compiled.version === RUNTIME_VERSION &&
  Object.keys(files).every((path) => !CODE_FILE.test(path) || Object.hasOwn(compiled.modules, path));

export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/**
 * What a frame sent back as its app's compiled modules, checked against the files the host sent it (a
 * frame is hostile): this runtime's version, exactly the app's code files, each a string of plausible
 * size. Returns the modules and their bytes, or undefined to keep nothing.
 */
export function acceptCompiled(
  files: Record<string, string>,
  sent: CompiledModules,
  maxBytes: number,
  version: string = RUNTIME_VERSION,
): { modules: Record<string, string>; css?: string; bytes: number } | undefined {
  if (sent.version !== version) return undefined;
  const code = Object.keys(files).filter((path) => CODE_FILE.test(path));
  const paths = Object.keys(sent.modules);
  if (paths.length !== code.length || !code.every((path) => Object.hasOwn(sent.modules, path)))
    return undefined;
  const modules: Record<string, string> = {};
  let bytes = 0;
  for (const path of code) {
    const body = sent.modules[path];
    if (typeof body !== 'string') return undefined;
    const size = utf8Bytes(body);
    if (size > GROWTH * utf8Bytes(files[path] as string) + SLACK_BYTES) return undefined;
    bytes += utf8Bytes(path) + size;
    modules[path] = body;
  }
  if (sent.css === undefined) return bytes <= maxBytes ? { modules, bytes } : undefined;
  if (typeof sent.css !== 'string' || utf8Bytes(sent.css) > MAX_CSS_BYTES) return undefined;
  bytes += utf8Bytes(sent.css);
  return bytes <= maxBytes ? { modules, css: sent.css, bytes } : undefined;
}
