import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_OWNER_TOKEN } from './env.ts';

/** The owner's bearer header for API calls made by tests. */
export const ownerAuth = { authorization: `Bearer ${E2E_OWNER_TOKEN}` };

/** An approved app as the launcher lists it. */
export interface ApprovedApp {
  id: string;
  name: string;
  proposalId: string;
}

/** Creates a room owned by the e2e owner, through the real API. */
export async function createRoom(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/api/rooms', { headers: ownerAuth, data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { room: { id: string } }).room.id;
}

/** Proposes a snippet app to a room as the owner; returns the proposal id (still pending). */
export async function proposeApp(
  request: APIRequestContext,
  roomId: string,
  name: string,
  files: Record<string, string>,
): Promise<string> {
  const res = await request.post(`/api/rooms/${roomId}/proposals`, {
    headers: ownerAuth,
    data: { name, files, idempotency_key: `e2e-${name}-${Math.random().toString(36).slice(2)}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { proposal: { id: string } }).proposal.id;
}

/** Proposes and approves an app: the path every app takes into a launcher. */
export async function approveApp(
  request: APIRequestContext,
  roomId: string,
  name: string,
  files: Record<string, string>,
): Promise<ApprovedApp> {
  const proposalId = await proposeApp(request, roomId, name, files);
  const res = await request.post(`/api/rooms/${roomId}/proposals/${proposalId}/approve`, {
    headers: ownerAuth,
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { app } = (await res.json()) as { app: { id: string; name: string } };
  return { id: app.id, name: app.name, proposalId };
}

/** A new room holding the given approved apps, in order. */
export async function roomWithApps(
  request: APIRequestContext,
  roomName: string,
  apps: Record<string, Record<string, string>>,
): Promise<{ roomId: string; apps: ApprovedApp[] }> {
  const roomId = await createRoom(request, roomName);
  const approved: ApprovedApp[] = [];
  for (const [name, files] of Object.entries(apps))
    approved.push(await approveApp(request, roomId, name, files));
  return { roomId, apps: approved };
}
