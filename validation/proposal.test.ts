import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkName } from './names.ts';
import { checkPath } from './paths.ts';
import { checkVersionFiles, LIMITS, validateRepoProposal, validateSnippetProposal } from './proposal.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const SEEDS = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'seed-validation-cases.json'), 'utf8')) as {
  cases: {
    case: string;
    arguments: object;
    verdict: 'PASS' | 'REJECT';
    by: string | null;
    reason?: string;
  }[];
};
const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const args = (over: object = {}) => ({
  room_id: 'r1',
  name: 'Timer',
  files: { 'src/App.tsx': APP },
  idempotency_key: 'snip-0123456789abcdef',
  ...over,
});

describe('the nine seed cases', () => {
  it.each(SEEDS.cases)('$case → $verdict by $by', (seed) => {
    const v = validateSnippetProposal(seed.arguments);
    if (seed.verdict === 'PASS') {
      expect(v).toEqual({ ok: true, value: seed.arguments });
      return;
    }
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.by).toBe(seed.by);
    // The seed's reasons are the messages (the backslash one is written JSON-escaped there).
    expect(v.error.message).toContain((seed.reason ?? '').replace(/\\\\/g, '\\'));
  });
});

describe('paths (rule 3): rejected, never normalised', () => {
  it.each([
    ['/etc/hosts', 'starts with /'],
    ['src\\x.ts', 'backslash'],
    ['C:/x.ts', 'drive letter'],
    ['c:x.ts', 'drive letter'],
    ['src/\u0000.ts', 'control character'],
    ['src/a\u001f.ts', 'control character'],
    ['src/a\u007f.ts', 'control character'],
    ['src/', 'empty segment'],
    ['src//a.ts', 'empty segment'],
    ['', 'empty'],
    ['./a.ts', "'.' segment"],
    ['src/./a.ts', "'.' segment"],
    ['src/../a.ts', "'..' segment"],
    ['..', "'..' segment"],
    ['src/\u202egnp.ts', 'bidi control'],
    ['src/a\u200b.ts', 'invisible character'],
  ])('%j is unsafe (%s)', (p, why) => {
    const e = checkPath(p);
    expect(e?.code).toBe('unsafe_path');
    expect(e?.message).toContain(why);
    expect(validateSnippetProposal(args({ files: { 'src/App.tsx': APP, [p]: 'x' } }))).toMatchObject({
      ok: false,
      by: 'rule',
      error: { code: 'unsafe_path' },
    });
  });

  it.each([['src/App.tsx'], ['a.ts'], ['src/..hidden/x.ts'], ['src/a..b.ts'], ['src/ünï cödé.ts'], ['.env']])(
    '%j is fine',
    (p) => expect(checkPath(p)).toBeUndefined(),
  );
});

describe('names (rule 4)', () => {
  it.each([
    ['', 'empty'],
    ['   \t ', 'empty'],
    [' ', 'empty'],
    ['evil\u202etxt.exe', 'bidi control (U+202E)'],
    ['a\u2066b', 'bidi control'],
    ['zero\u200bwidth', 'invisible character (U+200B)'],
    ['bom\ufeff', 'invisible'],
    ['line\nbreak', 'control character'],
    ['nul\u0000', 'control character'],
    ['filler\u3164', 'invisible'],
    ['sep\u2028', 'invisible'],
  ])('%j is refused (%s)', (name, why) => {
    const e = checkName(name);
    expect(e?.code).toBe('invalid_name');
    expect(e?.message).toContain(why);
  });

  it.each([['Standup timer'], ['Café ☕'], ['日本語のアプリ'], ['👩‍💻 Dev board'], ['Ünïcode—dash']])(
    '%j is fine',
    (name) => expect(checkName(name)).toBeUndefined(),
  );

  it('is checked by the rule layer, after the schema', () => {
    expect(validateSnippetProposal(args({ name: ' ' }))).toMatchObject({
      by: 'rule',
      error: { code: 'invalid_name' },
    });
    expect(validateSnippetProposal(args({ name: 7 }))).toMatchObject({ by: 'schema' });
  });
});

describe('entry (rule 2) and limits (rule 5)', () => {
  it('needs a default export in src/App.tsx', () => {
    const v = validateSnippetProposal(args({ files: { 'src/App.tsx': 'export const App = 1;' } }));
    expect(v).toMatchObject({ ok: false, by: 'rule', error: { code: 'missing_entry' } });
  });

  it('accepts exactly the limits, in UTF-8 bytes', () => {
    const files: Record<string, string> = { 'src/App.tsx': APP };
    for (let i = 1; i < LIMITS.maxFiles; i++) files[`src/f${i}.ts`] = '';
    files['src/f1.ts'] = 'x'.repeat(LIMITS.maxFileBytes);
    expect(validateSnippetProposal(args({ files })).ok).toBe(true);
    files['src/extra.ts'] = '';
    expect(validateSnippetProposal(args({ files }))).toMatchObject({ error: { code: 'too_large' } });
  });

  it('counts multi-byte characters as their UTF-8 bytes', () => {
    // 21846 × 3 bytes = 65538 > 65536, although only 21846 UTF-16 units.
    const files = { 'src/App.tsx': APP, 'src/t.ts': '€'.repeat(21846) };
    const v = validateSnippetProposal(args({ files }));
    expect(v).toMatchObject({ ok: false, by: 'rule', error: { code: 'too_large' } });
    if (!v.ok) expect(v.error.message).toContain('propose_room_repo_app');
  });

  it('lets a repository version hold what a snippet cannot, within its own limits', () => {
    const files = { 'src/App.tsx': APP, 'src/data.ts': 'x'.repeat(200 * 1024) };
    expect(validateSnippetProposal(args({ files }))).toMatchObject({ error: { code: 'too_large' } });
    expect(checkVersionFiles(files)).toBeUndefined();
    const e = checkVersionFiles({ ...files, 'src/more.ts': 'x'.repeat(600 * 1024) });
    expect(e?.message).toMatch(
      /^Too large for a repository version \('src\/more.ts' is 600.0 KB\): at most 500 files/,
    );
    expect(checkVersionFiles({ 'src/App.tsx': 'nothing' })?.code).toBe('missing_entry');
  });

  it('caps the total at 128 KB', () => {
    const big = 'x'.repeat(60 * 1024);
    const files = { 'src/App.tsx': APP, 'a.ts': big, 'b.ts': big, 'c.ts': 'x'.repeat(9 * 1024) };
    const v = validateSnippetProposal(args({ files }));
    expect(v).toMatchObject({ error: { code: 'too_large' } });
    if (!v.ok) expect(v.error.message).toContain('in all');
  });
});

describe('schema messages name the field', () => {
  it.each([
    [{ room_id: undefined }, 'room_id is required'],
    [{ files: [] }, 'files is not an object'],
    [{ idempotency_key: 'k'.repeat(129) }, 'idempotency_key is too long (maxLength 128)'],
  ])('%j → %s', (over, message) => {
    const a: Record<string, unknown> = args(over);
    if ('room_id' in over) delete a.room_id;
    expect(validateSnippetProposal(a)).toMatchObject({ ok: false, by: 'schema', error: { message } });
  });

  it('validates repository proposals with the same schema and name rule', () => {
    const ok = {
      room_id: 'r',
      name: 'Big',
      repository_id: 'g',
      version_id: 'v',
      idempotency_key: 'repo-12345678',
    };
    expect(validateRepoProposal(ok).ok).toBe(true);
    expect(validateRepoProposal({ ...ok, name: 'a\u202eb' })).toMatchObject({ by: 'rule' });
    expect(validateRepoProposal({ ...ok, extra: 1 })).toMatchObject({ by: 'schema' });
  });
});
