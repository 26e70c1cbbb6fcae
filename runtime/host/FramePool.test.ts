import { describe, expect, it } from 'vitest';
import { FramePool } from './FramePool.ts';

const app = (id: string) => ({ id, name: id, frameUrl: `http://${id}.localhost/` });

describe('FramePool.hold', () => {
  it('counts apps held for a frame of their own in the open bound, least recently used out first', () => {
    const pool = new FramePool({ roomId: 'r', loadFiles: async () => ({}), maxOpen: 2 });
    let changes = 0;
    pool.subscribe(() => (changes += 1));
    pool.hold(app('a'));
    pool.hold(app('b'));
    pool.hold(app('a'));
    pool.hold(app('c'));
    expect(pool.mounted().sort()).toEqual(['a', 'c']);
    expect(pool.entry('a')?.state).toEqual({ kind: 'running' });
    expect(changes).toBeGreaterThanOrEqual(4);
    pool.drop('a');
    expect(pool.mounted()).toEqual(['c']);
  });
});
