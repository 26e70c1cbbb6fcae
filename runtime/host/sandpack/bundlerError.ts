/** The fields of the bundler's `show-error` action the panel reads (sandpack-client's SandpackErrorMessage). */
export interface BundlerErrorFields {
  title?: unknown;
  message?: unknown;
  path?: unknown;
  line?: unknown;
  column?: unknown;
}

const MAX_CHARS = 500;
const text = (x: unknown): string => (typeof x === 'string' ? x : '');
const position = (x: unknown): number | undefined =>
  typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : undefined;

/**
 * The bundler's own error as one line for the panel: "SyntaxError in src/App.tsx, line 3, column 9: …".
 * Everything here comes from the app's bundler frame: strings and positive integers only, bounded.
 */
export function bundlerError(fields: BundlerErrorFields): string {
  const title = text(fields.title) || 'Error';
  const file = text(fields.path).replace(/^\//, '');
  const line = position(fields.line);
  const column = position(fields.column);
  const where = file
    ? ` in ${file}${line ? `, line ${line}` : ''}${line && column ? `, column ${column}` : ''}`
    : '';
  return `${title}${where}: ${text(fields.message)}`.slice(0, MAX_CHARS);
}
