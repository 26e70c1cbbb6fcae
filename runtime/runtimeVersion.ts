/**
 * What a compiled module depends on: the compiler's version and how the runtime calls it and wraps its
 * output, and the Tailwind that made the cached CSS. Bump the suffix when compile.ts's options, ModuleLoader's
 * module wrapper or tailwind.ts's input change; the compile cache hands a frame only entries of this exact version.
 */
export const RUNTIME_VERSION = 'sucrase-3.35.1/tailwindcss-4.3.5/4';
