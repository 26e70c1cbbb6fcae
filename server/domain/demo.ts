import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../store/Store.ts';
import { approveIn } from './approvalRules.ts';
import { roomEvent } from './events.ts';
import { contentSha256, newId } from './ids.ts';

const DEMO_KEY = 'demo_room_id';
const DEMO_DIR = path.resolve(import.meta.dirname, '../../demo/standup-timer');

/** Reads the demo app's files as the map a proposal carries. */
export function readDemoFiles(dir = DEMO_DIR): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else files[child] = fs.readFileSync(path.join(dir, child), 'utf8');
    }
  };
  walk('');
  return files;
}

/**
 * Once per data folder: the "Demo room" with the approved "Standup timer". Returns the room id.
 * One store transaction, so a crash part-way leaves no half demo to duplicate on the next start.
 */
export async function ensureDemo(store: Store, ownerId: string, now: number): Promise<string> {
  const existing = await store.getMeta(DEMO_KEY);
  if (existing) return existing;
  const roomId = newId('r');
  const files = readDemoFiles();
  const proposalId = newId('q');
  return store.seedRoom({
    metaKey: DEMO_KEY,
    room: { id: roomId, name: 'Demo room', ownerId, createdAt: now },
    proposal: {
      id: proposalId,
      roomId,
      proposerId: ownerId,
      kind: 'snippet',
      name: 'Standup timer',
      files,
      repositoryId: null,
      versionId: null,
      contentSha256: contentSha256(files),
      state: 'pending',
      declineReason: null,
      createdAt: now,
      decidedAt: null,
      decidedBy: null,
    },
    approve: (tx) =>
      approveIn(tx, {
        proposalId,
        decidedBy: ownerId,
        at: now,
        instanceId: newId('a'),
        events: ({ instance: i }) => [
          roomEvent(roomId, 'app.added', { app_id: i.id, name: i.name, position: i.position }, now),
        ],
      }),
  });
}
