/** The steps sandpack-client's bundler reports (its `ClientStatus`): the only statuses the panel shows. */
const STATUSES = new Set([
  'initializing',
  'installing-dependencies',
  'transpiling',
  'evaluating',
  'running-tests',
  'idle',
  'done',
]);

/** True for a step of the bundler's own; anything else the frame posts as a status is the app's text. */
export function isBundlerStatus(status: unknown): status is string {
  return typeof status === 'string' && STATUSES.has(status);
}
