/**
 * Imports a lazily loaded chunk again after `failed`: some browsers (Chromium before 151) keep a failed
 * dynamic import in their module map, so a plain retry fails forever; the chunk's URL, which the error
 * names, is fetched anew under a query of its own. Without a same-origin URL it is a plain retry.
 */
export function importAgain<T>(load: () => Promise<T>, failed: unknown): Promise<T> {
  const url = failedChunkUrl(failed);
  if (!url) return load();
  url.searchParams.set('retry', String(Date.now()));
  return import(/* @vite-ignore */ url.href) as Promise<T>;
}

/** The same-origin script a failed dynamic import names in its message (Chromium's and Firefox's wording). */
export function failedChunkUrl(failed: unknown): URL | undefined {
  const message = failed instanceof Error ? failed.message : '';
  const named = /(https?:\/\/\S+?\.js)\b/.exec(message)?.[1];
  if (!named) return undefined;
  const url = new URL(named);
  return url.origin === location.origin ? url : undefined;
}
