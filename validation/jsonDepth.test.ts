import { describe, expect, it } from 'vitest';
import { depthViolation, MAX_JSON_DEPTH, tooDeepField, tooDeepTextField } from './jsonDepth.ts';
import { checkToolInput } from './toolInput.ts';

/** `{"a":{"a":…"x"…}}` with `levels` objects, built without recursion (JSON.stringify overflows at 100,000). */
const deepText = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
const deepValue = (levels: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

describe('tooDeepField / tooDeepTextField', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}, on values and on text alike`, () => {
    expect(tooDeepField(deepValue(MAX_JSON_DEPTH))).toBeUndefined();
    expect(tooDeepTextField(deepText(MAX_JSON_DEPTH))).toBeUndefined();
    expect(tooDeepField({ files: deepValue(MAX_JSON_DEPTH) })).toBe('files');
    expect(tooDeepTextField(`{"name":"n","files":${deepText(MAX_JSON_DEPTH)}}`)).toBe('files');
    expect(tooDeepField(deepValue(MAX_JSON_DEPTH + 1))).toBe('a');
    expect(tooDeepField([[[]]], 2)).toBe('0');
    expect(tooDeepTextField('[[[]]]', 2)).toBe('');
  });

  it('walks 100,000 levels without recursion', () => {
    expect(tooDeepField({ files: deepValue(100_000) })).toBe('files');
    expect(tooDeepTextField(`{"files":${deepText(100_000)}}`)).toBe('files');
    // Arrays count as much as objects.
    expect(tooDeepTextField(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe('');
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    const text = JSON.stringify({ 'src/App.tsx': `"\\"${'{['.repeat(10_000)}`, k: '\\' });
    expect(tooDeepTextField(text)).toBeUndefined();
    expect(tooDeepTextField(`{"we\\"ird{":${deepText(MAX_JSON_DEPTH)}}`)).toBe('we"ird{');
  });

  it('says what to do, in a schema_violation', () => {
    expect(depthViolation('files')).toEqual({
      code: 'schema_violation',
      message: `files nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep, the limit for any JSON body or tool arguments`,
      detail: { field: 'files', max_depth: MAX_JSON_DEPTH },
    });
  });
});

describe('checkToolInput', () => {
  for (const levels of [3_000, 100_000])
    it(`answers schema_violation, not a stack overflow, for files ${levels} levels deep`, () => {
      const args = { room_id: 'r', name: 'n', files: deepValue(levels), idempotency_key: 'k'.repeat(20) };
      const checked = checkToolInput('propose_room_snippet_app', args);
      expect(checked).toEqual({ ok: false, error: depthViolation('files') });
    });
});
