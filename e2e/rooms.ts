import type { APIRequestContext } from '@playwright/test';
import { approveProposal, type JsonApi, proposeApp, requestApi } from '../test-support/proposeApp.ts';
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
  const { room } = await ownerApi(request).api('POST /api/rooms', { body: { name } });
  return room.id;
}

/** The e2e owner's JSON API through Playwright's request context, for {@link proposeApp} and friends. */
export function ownerApi(request: APIRequestContext): JsonApi {
  return requestApi(request, E2E_OWNER_TOKEN);
}

/** Proposes and approves an app: the path every app takes into a launcher. */
export async function approveApp(
  request: APIRequestContext,
  roomId: string,
  name: string,
  files: Record<string, string>,
): Promise<ApprovedApp> {
  const owner = ownerApi(request);
  const proposal = await proposeApp(owner, roomId, { name, files });
  const app = await approveProposal(owner, roomId, proposal.id);
  return { id: app.id, name: app.name, proposalId: proposal.id };
}

/** One file, `src/App.tsx`, rendering `label` in a paragraph. */
export function textApp(label: string): Record<string, string> {
  return { 'src/App.tsx': `export default function App() {\n  return <p>${label}</p>;\n}\n` };
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
