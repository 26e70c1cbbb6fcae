import { RoomClient } from '../../client/RoomClient.ts';
import { withRetry } from '../../client/withRetry.ts';
import { startLossyProxy } from '../../test-support/LossyProxy.ts';
import { snippetKey } from '../../validation/idempotencyKey.ts';
import { hashUniform } from './rng.ts';

export type KeyStrategy = 'random key per attempt' | 'content-derived key';

export interface LostResponsesRow {
  strategy: KeyStrategy;
  proposals: number;
  calls: number;
  dropped: number;
  owner_cards: number;
  duplicates: number;
  in_launcher_before_approval: number;
}

export interface LostResponsesSetup {
  url: string;
  token: string;
  proposals: number;
  dropRate: number;
  seed: number;
  concurrency: number;
}

const app = (i: number) => ({
  'src/App.tsx': `export default function App() {\n  return <h1>App number ${i}</h1>;\n}\n`,
});

/** Proposes `proposals` distinct apps through a proxy that drops `dropRate` of proposal answers. */
export async function lostResponses(s: LostResponsesSetup, strategy: KeyStrategy): Promise<LostResponsesRow> {
  const owner = new RoomClient({ url: s.url, token: s.token });
  const { room } = await owner.api('POST /api/rooms', { body: { name: strategy } });
  const seen = new Map<string, number>();
  // Whether an answer is lost depends on (seed, app, attempt) only: both strategies meet the same faults,
  // and every run repeats them (room ids, and so content keys, differ between runs).
  const proxy = await startLossyProxy(s.url, (body) => {
    const app = String(JSON.parse(body)?.params?.arguments?.name);
    const nth = seen.get(app) ?? 0;
    seen.set(app, nth + 1);
    return hashUniform(s.seed, app, nth) < s.dropRate;
  });
  let next = 0;
  const worker = async () => {
    const agent = new RoomClient({ url: proxy.url, token: s.token });
    for (let i = next++; i < s.proposals; i = next++) {
      const files = app(i);
      const name = `App ${i}`;
      const content = await snippetKey(room.id, name, files);
      let attempt = 0;
      // The agent's retry loop is the CLI's; only the key differs between the two strategies.
      await withRetry(
        () => {
          const key =
            strategy === 'content-derived key'
              ? content
              : `rand-${hashUniform(s.seed, 'key', i, attempt++).toString(36).slice(2)}`;
          return agent.callTool('propose_room_snippet_app', {
            room_id: room.id,
            name,
            files,
            idempotency_key: key,
          });
        },
        { attempts: 10, baseMs: 0, sleep: async () => undefined },
      );
    }
    await agent.close();
  };
  await Promise.all(Array.from({ length: s.concurrency }, worker));
  await proxy.close();
  const { proposals } = await owner.api('GET /api/rooms/:roomId/proposals', {
    params: { roomId: room.id },
    query: { state: 'pending' },
  });
  const { apps } = await owner.api('GET /api/rooms/:roomId', { params: { roomId: room.id } });
  await owner.close();
  return {
    strategy,
    proposals: s.proposals,
    calls: proxy.stats.proposalCalls,
    dropped: proxy.stats.dropped,
    owner_cards: proposals.length,
    duplicates: proposals.length - s.proposals,
    in_launcher_before_approval: apps.length,
  };
}
