// The one definition of characters that hide or reorder text, shared by the name and path rules and the
// review card. Cc: controls; Cf: format characters (bidi overrides and isolates, zero-width space and
// joiners, BOM, soft hyphen, U+180E, tags); Zl/Zp: U+2028/U+2029; Cs: lone surrogates; default-ignorable
// code points (render as nothing, assigned or not) and variation selectors (GlassWorm hides payloads in
// U+E0100–U+E01EF); then blank letters and marks that are not Cf: Hangul fillers, braille blank, grapheme
// joiner, Khmer inherent vowels.
/** The body of a regex character class (`u` flag) of every character that may hide or reorder text. */
export const UNSAFE_CHARS =
  '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\p{Default_Ignorable_Code_Point}\\p{Variation_Selector}\\u{E0000}-\\u{E007F}\\u034f\\u115f\\u1160\\u17b4\\u17b5\\u3164\\uffa0\\u2800';
const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, 'gu');
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}]/u;
// Code keeps its ordinary whitespace controls (a carriage return only before a line feed: see isLoneCr).
const CODE_WHITESPACE = new Set([0x09, 0x0a, 0x0d]);

const NAMES: Record<number, string> = {
  0: 'NULL',
  8: 'BACKSPACE',
  9: 'CHARACTER TABULATION',
  10: 'LINE FEED',
  13: 'CARRIAGE RETURN',
  27: 'ESCAPE',
  127: 'DELETE',
  133: 'NEXT LINE',
  173: 'SOFT HYPHEN',
  847: 'COMBINING GRAPHEME JOINER',
  1564: 'ARABIC LETTER MARK',
  4447: 'HANGUL CHOSEONG FILLER',
  4448: 'HANGUL JUNGSEONG FILLER',
  6068: 'KHMER VOWEL INHERENT AQ',
  6069: 'KHMER VOWEL INHERENT AA',
  6155: 'MONGOLIAN FREE VARIATION SELECTOR ONE',
  6156: 'MONGOLIAN FREE VARIATION SELECTOR TWO',
  6157: 'MONGOLIAN FREE VARIATION SELECTOR THREE',
  6158: 'MONGOLIAN VOWEL SEPARATOR',
  6159: 'MONGOLIAN FREE VARIATION SELECTOR FOUR',
  8203: 'ZERO WIDTH SPACE',
  8204: 'ZERO WIDTH NON-JOINER',
  8205: 'ZERO WIDTH JOINER',
  8206: 'LEFT-TO-RIGHT MARK',
  8207: 'RIGHT-TO-LEFT MARK',
  8232: 'LINE SEPARATOR',
  8233: 'PARAGRAPH SEPARATOR',
  8234: 'LEFT-TO-RIGHT EMBEDDING',
  8235: 'RIGHT-TO-LEFT EMBEDDING',
  8236: 'POP DIRECTIONAL FORMATTING',
  8237: 'LEFT-TO-RIGHT OVERRIDE',
  8238: 'RIGHT-TO-LEFT OVERRIDE',
  8288: 'WORD JOINER',
  8289: 'FUNCTION APPLICATION',
  8290: 'INVISIBLE TIMES',
  8291: 'INVISIBLE SEPARATOR',
  8292: 'INVISIBLE PLUS',
  8294: 'LEFT-TO-RIGHT ISOLATE',
  8295: 'RIGHT-TO-LEFT ISOLATE',
  8296: 'FIRST STRONG ISOLATE',
  8297: 'POP DIRECTIONAL ISOLATE',
  10240: 'BRAILLE PATTERN BLANK',
  12644: 'HANGUL FILLER',
  65279: 'ZERO WIDTH NO-BREAK SPACE',
  65440: 'HALFWIDTH HANGUL FILLER',
  917505: 'LANGUAGE TAG',
  917536: 'TAG SPACE',
  917631: 'CANCEL TAG',
};

/** One hidden or direction-changing character found in a text. */
export interface UnsafeCharacter {
  /** The character itself. */
  char: string;
  codePoint: number;
  /** 1-based line (split on `\n`, as the review card numbers lines) and column in UTF-16 units. */
  line: number;
  column: number;
  /** `U+202E RIGHT-TO-LEFT OVERRIDE`. */
  label: string;
}

/** `U+XXXX` and the character's Unicode name (or its kind, where the name is not in the table). */
export function unsafeCharacterLabel(codePoint: number): string {
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  return `${hex} ${NAMES[codePoint] ?? kindOf(codePoint)}`;
}

function kindOf(cp: number): string {
  if (cp > 0xe0020 && cp < 0xe007f) {
    const ascii = String.fromCharCode(cp - 0xe0000);
    if (/[a-z]/.test(ascii)) return `TAG LATIN SMALL LETTER ${ascii.toUpperCase()}`;
    if (/[A-Z]/.test(ascii)) return `TAG LATIN CAPITAL LETTER ${ascii}`;
    return `TAG CHARACTER (${ascii})`;
  }
  if (cp >= 0xfe00 && cp <= 0xfe0f) return `VARIATION SELECTOR-${cp - 0xfe00 + 1}`;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return `VARIATION SELECTOR-${cp - 0xe0100 + 17}`;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 'CONTROL CHARACTER';
  if (cp >= 0xd800 && cp <= 0xdfff) return 'LONE SURROGATE';
  return 'INVISIBLE FORMAT CHARACTER';
}

// A zero-width joiner between two pictographs builds one emoji (👩‍💻): visible, so allowed.
function isEmojiJoiner(text: string, index: number): boolean {
  if (text.charCodeAt(index) !== 0x200d) return false;
  let before = text.codePointAt(index - 1) === 0xfe0f ? index - 1 : index;
  const low = text.charCodeAt(before - 1);
  before -= low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
  const prev = String.fromCodePoint(text.codePointAt(before) ?? 0);
  const next = String.fromCodePoint(text.codePointAt(index + 1) ?? 0);
  return EMOJI_PART.test(prev) && PICTOGRAPH.test(next);
}

// U+FE0F after a pictograph (❤️) or in a keycap (1️⃣) asks for emoji presentation: visible, so allowed.
function isEmojiPresentation(text: string, index: number): boolean {
  if (text.charCodeAt(index) !== 0xfe0f) return false;
  const low = text.charCodeAt(index - 1);
  const prev = String.fromCodePoint(text.codePointAt(index - (low >= 0xdc00 && low <= 0xdfff ? 2 : 1)) ?? 0);
  return PICTOGRAPH.test(prev) || (/^[0-9#*]$/.test(prev) && text.charCodeAt(index + 1) === 0x20e3);
}

// JS ends a line at a lone CR, the card only at LF: code after it would sit a line off. CRLF is ordinary,
// and so is a final CR (`lineFlags` gets lines split on LF, so a CRLF line ends in one).
function isLoneCr(text: string, index: number): boolean {
  return text.charCodeAt(index) === 0x0d && index + 1 < text.length && text.charCodeAt(index + 1) !== 0x0a;
}

/**
 * Every hidden, control or direction-changing character in `text`, in order. With `code`, tab, line
 * feed and carriage return (unless it is a lone CR inside the text) are ordinary whitespace.
 */
export function findUnsafeCharacters(text: string, opts: { code?: boolean } = {}): UnsafeCharacter[] {
  const found: UnsafeCharacter[] = [];
  let line = 1;
  let lineStart = 0;
  for (const m of text.matchAll(UNSAFE)) {
    const cp = m[0].codePointAt(0) ?? 0;
    if (opts.code && CODE_WHITESPACE.has(cp) && !isLoneCr(text, m.index)) continue;
    if (isEmojiJoiner(text, m.index) || isEmojiPresentation(text, m.index)) continue;
    for (let i = text.indexOf('\n', lineStart); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    found.push({
      char: m[0],
      codePoint: cp,
      line,
      column: m.index - lineStart + 1,
      label: unsafeCharacterLabel(cp),
    });
  }
  return found;
}
