import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { E2E_OWNER_TOKEN, E2E_PORT } from '../env.ts';
import { LoopbackListener } from './LoopbackListener.ts';
import type { Row } from './Row.ts';
import type { Env } from './rowEnv.ts';

export const SHELL = `http://127.0.0.1:${E2E_PORT}`;

/** One approved app of a row, as the launcher lists it. */
export interface RowApp {
  id: string;
  name: string;
}

/** What a spec file prepared once: its listener, API client, signed-in state and the rows' rooms and apps. */
export interface RowSetup {
  env: Env;
  listener: LoopbackListener;
  api: APIRequestContext;
  storageState: Awaited<ReturnType<APIRequestContext['storageState']>>;
  roomOf: Map<string, string>;
  appsOf: Map<string, Record<string, RowApp>>;
  dispose(): Promise<void>;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/**
 * Proposes and approves every row's apps through the real API, under a personal token of its own
 * (the proposal rate limit is per token), in one shared room or the row's own room.
 */
export async function setupRows(
  playwright: PlaywrightWorkerArgs['playwright'],
  label: string,
  rows: Row[],
): Promise<RowSetup> {
  const listener = await new LoopbackListener().start();
  const env: Env = { listener: listener.origin, shell: SHELL };
  const owner = await playwright.request.newContext({
    baseURL: SHELL,
    extraHTTPHeaders: { authorization: `Bearer ${E2E_OWNER_TOKEN}` },
  });
  const { token } = await json<{ token: { secret: string } }>(
    await owner.post('/api/tokens', { data: { label: `isolation ${label} ${Date.now()}` } }),
    201,
  );
  const api = await playwright.request.newContext({
    baseURL: SHELL,
    extraHTTPHeaders: { authorization: `Bearer ${token.secret}` },
  });
  const session = await playwright.request.newContext({ baseURL: SHELL });
  await json(await session.post('/api/session', { data: { token: E2E_OWNER_TOKEN } }), 200);
  const storageState = await session.storageState();
  await session.dispose();
  await owner.dispose();

  const newRoom = async (name: string) =>
    (await json<{ room: { id: string } }>(await api.post('/api/rooms', { data: { name } }), 201)).room.id;
  const shared = await newRoom(`Isolation ${label} ${Date.now()}`);
  const roomOf = new Map<string, string>();
  const appsOf = new Map<string, Record<string, RowApp>>();
  for (const row of rows) {
    const roomId = row.ownRoom ? await newRoom(`Isolation ${row.id} ${Date.now()}`) : shared;
    roomOf.set(row.id, roomId);
    for (const [name, html] of Object.entries(row.pages ?? {}))
      listener.servePage(`${row.id}-${name}`, html(env));
    const apps: Record<string, RowApp> = {};
    const earlier: Record<string, string> = { room: roomId };
    for (const [role, files] of Object.entries(row.apps ?? {})) {
      const name = `${row.id} ${role}`;
      const { proposal } = await json<{ proposal: { id: string } }>(
        await api.post(`/api/rooms/${roomId}/proposals`, {
          data: { name, files: files(env, earlier), idempotency_key: `iso-${row.id}-${role}-${Date.now()}` },
        }),
        201,
      );
      const { app } = await json<{ app: RowApp }>(
        await api.post(`/api/rooms/${roomId}/proposals/${proposal.id}/approve`),
        200,
      );
      apps[role] = { id: app.id, name };
      earlier[role] = app.id;
    }
    appsOf.set(row.id, apps);
  }
  return {
    env,
    listener,
    api,
    storageState,
    roomOf,
    appsOf,
    dispose: async () => {
      await api.dispose();
      await listener.stop();
    },
  };
}
