import { describe, expect, it } from 'vitest';
import { CodedError } from '../../validation/errorCodes.ts';
import type { JsonValue } from '../protocol.ts';
import { StoredStateCache } from './StoredStateCache.ts';

/** A backend whose answers the test releases one by one, to order reads and writes at will. */
function controlledBackend() {
  const gets: { key: string; resolve: (v: JsonValue | undefined) => void }[] = [];
  const sets: { key: string; value: JsonValue; resolve: () => void; reject: (e: Error) => void }[] = [];
  return {
    gets,
    sets,
    backend: {
      get: (key: string) => new Promise<JsonValue | undefined>((resolve) => gets.push({ key, resolve })),
      set: (key: string, value: JsonValue) =>
        new Promise<void>((resolve, reject) => sets.push({ key, value, resolve, reject })),
    },
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('StoredStateCache', () => {
  it('is loading until the first read, then shows the stored value', async () => {
    const { gets, backend } = controlledBackend();
    const cache = new StoredStateCache(backend);
    cache.subscribe('team', () => {});
    expect(cache.snapshot('team')).toMatchObject({ loading: true, value: undefined });
    gets[0]?.resolve(['Ada']);
    await tick();
    expect(cache.snapshot('team')).toMatchObject({ loading: false, value: ['Ada'] });
  });

  it('a read that started before a local write never undoes it (last write wins)', async () => {
    const { gets, sets, backend } = controlledBackend();
    const cache = new StoredStateCache(backend);
    cache.subscribe('k', () => {});
    cache.write('k', 'mine');
    gets[0]?.resolve('old');
    await tick();
    expect(cache.snapshot('k').value).toBe('mine');
    sets[0]?.resolve();
    cache.changed('k');
    gets[1]?.resolve('theirs');
    await tick();
    expect(cache.snapshot('k').value).toBe('theirs');
  });

  it('a failed write shows its code and falls back to what is stored', async () => {
    const { gets, sets, backend } = controlledBackend();
    const cache = new StoredStateCache(backend);
    const seen: unknown[] = [];
    cache.subscribe('k', () => seen.push(cache.snapshot('k').value));
    gets[0]?.resolve('stored');
    await tick();
    cache.write('k', 'x'.repeat(10));
    sets[0]?.reject(new CodedError('quota_exceeded', 'full'));
    await tick();
    gets[1]?.resolve('stored');
    await tick();
    expect(cache.snapshot('k')).toMatchObject({ value: 'stored', loading: false });
    expect(cache.snapshot('k').error?.code).toBe('quota_exceeded');
    expect(seen).toEqual(['stored', 'xxxxxxxxxx', 'xxxxxxxxxx', 'stored']);
  });

  it('a change of every key (clear) re-reads each key shown, and only those', async () => {
    const { gets, backend } = controlledBackend();
    const cache = new StoredStateCache(backend);
    const stop = cache.subscribe('a', () => {});
    cache.subscribe('b', () => {});
    stop();
    cache.changed(null);
    expect(gets.map((g) => g.key)).toEqual(['a', 'b', 'b']);
  });
});
