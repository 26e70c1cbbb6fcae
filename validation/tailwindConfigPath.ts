/** The config files Tailwind v3 projects write, at the root of the app; TypeScript first. */
const CONFIG_FILES = [
  'tailwind.config.ts',
  'tailwind.config.js',
  'tailwind.config.mjs',
  'tailwind.config.cjs',
];

/** The app's own tailwind.config.*, applied by the frame through `@config` (runtime/frame/tailwindConfig.ts). */
export function tailwindConfigPath(files: Record<string, string>): string | undefined {
  return CONFIG_FILES.find((path) => Object.hasOwn(files, path));
}
