import { describe, expect, it } from 'vitest';
import { canonicalSnippetEncoding, repoKey, snippetKey } from './idempotencyKey.ts';

const APP = 'export default () => null;\n';

describe('snippetKey', () => {
  it('matches the fixed vectors', async () => {
    expect(await snippetKey('r1', 'Standup timer', { 'src/App.tsx': APP })).toBe(
      'snip-af039480febdb008379202fbbe08f9b4',
    );
    expect(await snippetKey('r1', 'Standup timer', { 'src/styles.css': 'h1{}', 'src/App.tsx': APP })).toBe(
      'snip-52a4db5d7e5be66b4f8297e98735cc7e',
    );
    expect(await snippetKey('', '', {})).toBe('snip-07043643a18dcdc87204f18c4967d7d5');
  });

  it('sorts paths by UTF-8 bytes, not UTF-16 code units', async () => {
    const files = { 'src/😀.ts': 'b', 'src/Ａ.ts': 'a', 'src/App.tsx': 'x' };
    expect(canonicalSnippetEncoding('room-é', 'Café ☕', files)).toBe(
      '["room-é","Café ☕",[["src/App.tsx","x"],["src/Ａ.ts","a"],["src/😀.ts","b"]]]',
    );
    expect(await snippetKey('room-é', 'Café ☕', files)).toBe('snip-44676f5bfcced6543b44e7ad4df4e17c');
  });

  it('is independent of insertion order and changes with any field', async () => {
    const a = await snippetKey('r1', 'T', { 'a.ts': '1', 'src/App.tsx': APP });
    expect(await snippetKey('r1', 'T', { 'src/App.tsx': APP, 'a.ts': '1' })).toBe(a);
    expect(await snippetKey('r2', 'T', { 'a.ts': '1', 'src/App.tsx': APP })).not.toBe(a);
    expect(await snippetKey('r1', 'T ', { 'a.ts': '1', 'src/App.tsx': APP })).not.toBe(a);
    expect(await snippetKey('r1', 'T', { 'a.ts': '2', 'src/App.tsx': APP })).not.toBe(a);
    // Framing: moving text between fields must not collide.
    expect(await snippetKey('r1T', '', { 'a.ts': '1', 'src/App.tsx': APP })).not.toBe(a);
  });

  it('derives repository keys the same way', async () => {
    const k = await repoKey('r1', 'Big app', 'g1', 'v1');
    expect(k).toMatch(/^repo-[0-9a-f]{32}$/);
    expect(await repoKey('r1', 'Big app', 'g1', 'v2')).not.toBe(k);
  });
});
