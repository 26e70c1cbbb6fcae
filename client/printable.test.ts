import { describe, expect, it } from 'vitest';
import { printable, printableJson, printableLines } from './printable.ts';

describe('printable', () => {
  it.each([
    ['plain é 👩‍💻 text', 'plain é 👩‍💻 text'],
    ['\x1b]0;title\x07', '\\x1b]0;title\\x07'],
    ['a\nb\tc\rd\x00', 'a\\x0ab\\x09c\\x0dd\\x00'],
    ['\x7f\x85\x9b\x9f', '\\x7f\\x85\\x9b\\x9f'],
    ['\u202a\u202b\u202c\u202d\u202e', '\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{202E}'],
    ['\u2066\u2067\u2068\u2069', '\\u{2066}\\u{2067}\\u{2068}\\u{2069}'],
    ['\u200e\u200f\u061c\u2028\u2029', '\\u{200E}\\u{200F}\\u{61C}\\u{2028}\\u{2029}'],
  ])('%j → %s', (raw, shown) => expect(printable(raw)).toBe(shown));

  it('is idempotent and prints non-strings', () => {
    expect(printable(printable('\x1b[2J'))).toBe('\\x1b[2J');
    expect(printable(null)).toBe('null');
  });

  it('keeps a JSON value exact while writing every control and bidi character as \\uXXXX', () => {
    const value = { name: '\x1b[2J\u202eevil\x85\x7f\u2066', n: 1 };
    const text = printableJson(value);
    expect(text).toBe('{"name":"\\u001b[2J\\u202eevil\\u0085\\u007f\\u2066","n":1}');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('keeps line breaks and a leading redraw in whole output lines, and nothing else', () => {
    expect(printableLines('\rwaiting\x1b[2J\nnext\r')).toBe('\rwaiting\\x1b[2J\nnext\\x0d');
  });
});
