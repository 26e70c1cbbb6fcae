import type { WireError } from '../validation/errorCodes.ts';

/** An API failure as the shell sees it: the server's `{code, message}` plus the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly wire: WireError,
  ) {
    super(wire.message);
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  const data = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) {
    const wire = (data as WireError | undefined) ?? { code: 'internal', message: `HTTP ${res.status}` };
    throw new ApiError(res.status, wire);
  }
  return data as T;
}

export interface Room {
  id: string;
  name: string;
  kind: 'cloud';
  role: 'owner' | 'member';
  app_count: number;
}

export interface LauncherApp {
  id: string;
  name: string;
  position: number;
  frame_url: string;
  /** Exact npm versions when the app runs through the Sandpack fallback; null: the Sucrase path. */
  dependencies?: Record<string, string> | null;
  /** The app's own Sandpack bundler site, when it needs one. */
  sandpack_url?: string | null;
  /** The npm registry path that serves this app's reviewed packages, and only them. */
  registry_url?: string | null;
}
