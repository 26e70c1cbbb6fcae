import { describe, expect, it } from 'vitest';
import { checkName } from './names.ts';
import { checkPath } from './paths.ts';
import { findUnsafeCharacters, unsafeCharacterLabel } from './unsafeCharacters.ts';

const labels = (text: string, code = false) => findUnsafeCharacters(text, { code }).map((c) => c.label);

describe('findUnsafeCharacters', () => {
  it.each([
    ['\u202E', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
    ['\u2066', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
    ['\u200B', 'U+200B ZERO WIDTH SPACE'],
    ['\uFEFF', 'U+FEFF ZERO WIDTH NO-BREAK SPACE'],
    ['\u00AD', 'U+00AD SOFT HYPHEN'],
    ['\u2028', 'U+2028 LINE SEPARATOR'],
    ['\u2029', 'U+2029 PARAGRAPH SEPARATOR'],
    ['\u180E', 'U+180E MONGOLIAN VOWEL SEPARATOR'],
    ['\u115F', 'U+115F HANGUL CHOSEONG FILLER'],
    ['\u1160', 'U+1160 HANGUL JUNGSEONG FILLER'],
    ['\u3164', 'U+3164 HANGUL FILLER'],
    ['\uFFA0', 'U+FFA0 HALFWIDTH HANGUL FILLER'],
    ['\u2800', 'U+2800 BRAILLE PATTERN BLANK'],
    ['\u034F', 'U+034F COMBINING GRAPHEME JOINER'],
    ['\u{E0000}', 'U+E0000 INVISIBLE FORMAT CHARACTER'],
    ['\u{E0001}', 'U+E0001 LANGUAGE TAG'],
    ['\u{E0041}', 'U+E0041 TAG LATIN CAPITAL LETTER A'],
    ['\u{E0073}', 'U+E0073 TAG LATIN SMALL LETTER S'],
    ['\u{E007F}', 'U+E007F CANCEL TAG'],
    ['\u0000', 'U+0000 NULL'],
    ['\u0007', 'U+0007 CONTROL CHARACTER'],
    ['\u001B', 'U+001B ESCAPE'],
    ['\u0085', 'U+0085 NEXT LINE'],
    ['\u009B', 'U+009B CONTROL CHARACTER'],
    ['\uD800', 'U+D800 LONE SURROGATE'],
    ['\uFE00', 'U+FE00 VARIATION SELECTOR-1'],
    ['\uFE0E', 'U+FE0E VARIATION SELECTOR-15'],
    ['\uFE0F', 'U+FE0F VARIATION SELECTOR-16'],
    ['\u{E0100}', 'U+E0100 VARIATION SELECTOR-17'],
    ['\u{E01EF}', 'U+E01EF VARIATION SELECTOR-256'],
    ['\u180B', 'U+180B MONGOLIAN FREE VARIATION SELECTOR ONE'],
    ['\u180C', 'U+180C MONGOLIAN FREE VARIATION SELECTOR TWO'],
    ['\u180D', 'U+180D MONGOLIAN FREE VARIATION SELECTOR THREE'],
    ['\u2065', 'U+2065 INVISIBLE FORMAT CHARACTER'],
  ])('flags %j as %s', (ch, label) => {
    expect(labels(`a${ch}b`)).toEqual([label]);
    expect(labels(`a${ch}b`, true)).toEqual([label]);
  });

  it('leaves visible text, emoji sequences and (in code) tab, LF and CR alone', () => {
    expect(labels('Poll maker – émoji 👩‍💻 👩🏽‍💻 ❤️‍🔥 日本語')).toEqual([]);
    expect(labels('const a = 1;\r\n\tconst b = 2;\n', true)).toEqual([]);
  });

  it('flags tab, LF and CR outside code, and a joiner that joins no emoji', () => {
    expect(labels('a\tb\nc\rd')).toEqual([
      'U+0009 CHARACTER TABULATION',
      'U+000A LINE FEED',
      'U+000D CARRIAGE RETURN',
    ]);
    expect(labels('ad\u200Dmin')).toEqual(['U+200D ZERO WIDTH JOINER']);
    expect(labels('👩\u200Dx')).toEqual(['U+200D ZERO WIDTH JOINER']);
  });

  it('flags a payload hidden as variation selectors (GlassWorm), keeping U+FE0F after an emoji', () => {
    const hidden = [...'eval(atob(x))'].map((c) => String.fromCodePoint(0xe0100 + c.charCodeAt(0))).join('');
    const code = `const s = "${hidden}";\nconst t = "\uFE00\uFE01";\n`;
    const found = findUnsafeCharacters(code, { code: true });
    expect(found).toHaveLength(15);
    expect(found[0]).toMatchObject({ line: 1, column: 12, label: 'U+E0165 VARIATION SELECTOR-118' });
    expect(found.at(-1)).toMatchObject({ line: 2, column: 13, label: 'U+FE01 VARIATION SELECTOR-2' });
    expect(labels('\u2764\uFE0F \u{1F570}\uFE0F 1\uFE0F\u20E3 #\uFE0F\u20E3 \u00A9\uFE0F', true)).toEqual([]);
    expect(labels('1\uFE0F \u2764\uFE0F\uFE0F a\uFE0F', true)).toEqual([
      'U+FE0F VARIATION SELECTOR-16',
      'U+FE0F VARIATION SELECTOR-16',
      'U+FE0F VARIATION SELECTOR-16',
    ]);
  });

  it('flags a lone carriage return in code, by the line the card shows; CRLF and a final CR pass', () => {
    expect(findUnsafeCharacters('a\nb\rc = 1;\r\nd\r', { code: true })).toEqual([
      { char: '\r', codePoint: 13, line: 2, column: 2, label: 'U+000D CARRIAGE RETURN' },
    ]);
    expect(labels('const a = 1;\r\nconst b = 2;\r\n', true)).toEqual([]);
  });

  it('reports the line and column the review card numbers', () => {
    const code = 'line one\nconst ok = 1;\nconst s = "admin\u202E";\n\n  x\u200B\u{E0041}\n';
    expect(findUnsafeCharacters(code, { code: true })).toEqual([
      { char: '\u202E', codePoint: 0x202e, line: 3, column: 17, label: 'U+202E RIGHT-TO-LEFT OVERRIDE' },
      { char: '\u200B', codePoint: 0x200b, line: 5, column: 4, label: 'U+200B ZERO WIDTH SPACE' },
      {
        char: '\u{E0041}',
        codePoint: 0xe0041,
        line: 5,
        column: 5,
        label: 'U+E0041 TAG LATIN CAPITAL LETTER A',
      },
    ]);
  });

  it('labels any code point with its hex', () => {
    expect(unsafeCharacterLabel(0x202e)).toBe('U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(unsafeCharacterLabel(0x600)).toBe('U+0600 INVISIBLE FORMAT CHARACTER');
  });
});

describe('the name and path rules use the same definition', () => {
  it.each([
    '\u{E0041}',
    '\u2028',
    '\u180E',
    '\u3164',
    '\u2800',
    '\u0085',
    '\u034F',
    '\uFE0F',
    '\u{E0100}',
    '\u180B',
  ])('refuses %j', (ch) => {
    expect(checkName(`App${ch}`)?.code).toBe('invalid_name');
    expect(checkPath(`src/a${ch}.ts`)).toBeDefined();
  });

  it('still accepts emoji names', () => {
    expect(checkName('Team 👩‍💻 board')).toBeUndefined();
  });
});
