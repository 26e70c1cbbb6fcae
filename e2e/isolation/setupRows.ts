import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { LoopbackApi } from '../../test-support/LoopbackApi.ts';
import { E2E_OWNER_TOKEN, E2E_PORT } from '../env.ts';
import { LoopbackListener } from './LoopbackListener.ts';
import type { Row } from './Row.ts';
import type { Env } from './rowEnv.ts';

export const SHELL = `http://127.0.0.1:${E2E_PORT}`;

/** The server a spec file's rows run against: the shared e2e server, or one the file started. */
export interface RowServer {
  shell: string;
  port: number;
  ownerToken: string;
}

export const SHARED_SERVER: RowServer = { shell: SHELL, port: E2E_PORT, ownerToken: E2E_OWNER_TOKEN };

/** One approved app of a row, as the launcher lists it. */
export interface RowApp {
  id: string;
  name: string;
}

/** What a spec file prepared once: its listener, API client, signed-in state and the rows' rooms and apps. */
export interface RowSetup {
  server: RowServer;
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
  server: RowServer = SHARED_SERVER,
): Promise<RowSetup> {
  const listener = await new LoopbackListener().start();
  const [declaredApi, declaredImages] = await Promise.all([
    new LoopbackApi().start(),
    new LoopbackApi('img.localhost').start(),
  ]);
  const env: Env = {
    listener: listener.origin,
    shell: server.shell,
    api: declaredApi.origin,
    images: declaredImages.origin,
  };
  const owner = await playwright.request.newContext({
    baseURL: server.shell,
    extraHTTPHeaders: { authorization: `Bearer ${server.ownerToken}` },
  });
  const { token } = await json<{ token: { secret: string } }>(
    await owner.post('/api/tokens', { data: { label: `isolation ${label} ${Date.now()}` } }),
    201,
  );
  const api = await playwright.request.newContext({
    baseURL: server.shell,
    extraHTTPHeaders: { authorization: `Bearer ${token.secret}` },
  });
  const session = await playwright.request.newContext({ baseURL: server.shell });
  await json(await session.post('/api/session', { data: { token: server.ownerToken } }), 200);
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
      const { app } = await json<{ app: RowApp & { packages_path: string | null } }>(
        await api.post(`/api/rooms/${roomId}/proposals/${proposal.id}/approve`),
        200,
      );
      apps[role] = { id: app.id, name };
      earlier[role] = app.id;
      // A pre-bundled app's bundle path on its frame site: what a later app of the row may reach for.
      if (app.packages_path === 'bundle') {
        const view = await json<{ apps: { id: string; packages_url: string }[] }>(
          await api.get(`/api/rooms/${roomId}`),
          200,
        );
        const url = view.apps.find((a) => a.id === app.id)?.packages_url;
        if (url) earlier[`${role}:deps`] = new URL(url).pathname;
      }
    }
    appsOf.set(row.id, apps);
  }
  return {
    server,
    env,
    listener,
    api,
    storageState,
    roomOf,
    appsOf,
    dispose: async () => {
      await api.dispose();
      await Promise.all([listener.stop(), declaredApi.stop(), declaredImages.stop()]);
    },
  };
}
