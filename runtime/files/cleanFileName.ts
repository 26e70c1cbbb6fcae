import { CodedError } from '../../validation/errorCodes.ts';

/** The file types an app may save, by extension; the download's type always comes from here. */
export const SAVE_TYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  ics: 'text/calendar',
  vcf: 'text/vcard',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const MAX_NAME = 100;
// Controls, bidi overrides and isolates, every default-ignorable code point (zero-width, combining
// grapheme joiner, Khmer inherent vowels, variation selectors, tags, Hangul fillers) and lone surrogate
// halves: none shows a glyph.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/gu;
// Path and shell-unfriendly characters on any system the file may land on, and their look-alikes (a name
// that shows a path it is not: fraction, division and fullwidth slashes, fullwidth and ratio colons…).
const PATH_CHARS =
  /[/\\:*?"<>|~\u2044\u2215\u2216\u2236\u2571\u2572\u29F8\u29F9\uA789\uFE13\uFE55\uFE68\uFF02\uFF0A\uFF0F\uFF1A\uFF1C\uFF1E\uFF1F\uFF3C\uFF5C\uFF5E]/g;
// Names Windows keeps for devices, with any extension, spaces before it, superscript digits (COM¹).
const DEVICE =
  /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00B9\u00B2\u00B3]|lpt[0-9\u00B9\u00B2\u00B3]) *(\.|$)/i;
// A size in brackets, "(3 KB)", reads as the launcher's words beside the name; the prompt shows the size itself.
const SIZE_LIKE =
  /[([\uFF08\uFF3B\uFE59\u207D\u208D\u2768\u276A]\s*[\p{Nd}.,]+\s*(bytes?|[KMGT]i?B|[KMGT]o|octets?)\s*[)\]\uFF09\uFF3D\uFE5A\u207E\u208E\u2769\u276B]/iu;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The longest start of `text` within `max` UTF-16 units that splits no character (grapheme cluster). */
function cut(text: string, max: number): string {
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length > max) {
      // A cluster longer than the room left (a letter under hundreds of marks) is cut between code points.
      if (!out)
        for (const ch of segment) {
          if (out.length + ch.length > max) break;
          out += ch;
        }
      break;
    }
    out += segment;
  }
  return out;
}

/**
 * The name the file is saved under and its type, from what the app asked: hidden characters go, path
 * characters become `_`, no leading dots; the extension must be on {@link SAVE_TYPES} (or is added from an
 * allowed `type`). Anything else is `invalid_name`.
 */
export function cleanFileName(name: unknown, type?: unknown): { name: string; type: string } {
  if (typeof name !== 'string') throw new CodedError('invalid_name', 'The file name must be a string');
  if (type !== undefined && typeof type !== 'string')
    throw new CodedError('invalid_name', 'The file type must be a string');
  let clean = name
    .normalize('NFC')
    .replace(HIDDEN, '')
    .replace(PATH_CHARS, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // Leading marks would combine with the prompt's text before the name (and a name of marks only is none).
    .replace(/^[.\s\p{M}]+/u, '')
    .replace(/[.\s]+$/, '');
  if (SIZE_LIKE.test(clean))
    throw new CodedError(
      'invalid_name',
      'A file name cannot hold a size such as "(3 KB)": the prompt shows the size itself',
    );
  const wanted = type?.split(';')[0]?.trim().toLowerCase();
  if (wanted && !Object.values(SAVE_TYPES).includes(wanted))
    throw new CodedError(
      'invalid_name',
      `Apps cannot save files of type ${JSON.stringify(wanted.slice(0, 60))}`,
    );
  let ext = /\.([A-Za-z0-9]{1,8})$/.exec(clean)?.[1]?.toLowerCase();
  if (!ext || !SAVE_TYPES[ext]) {
    const fromType = wanted && Object.keys(SAVE_TYPES).find((k) => SAVE_TYPES[k] === wanted);
    if (!fromType)
      throw new CodedError(
        'invalid_name',
        `Apps may save only ${Object.keys(SAVE_TYPES).join(', ')} files: name it so (e.g. poll.csv)`,
      );
    clean = `${clean}.${fromType}`;
    ext = fromType;
  }
  if (DEVICE.test(clean)) clean = `_${clean}`;
  if (clean.length > MAX_NAME) clean = `${cut(clean, MAX_NAME - ext.length - 1).trimEnd()}.${ext}`;
  if (clean.length <= ext.length + 1)
    throw new CodedError('invalid_name', 'The file needs a name before its extension');
  return { name: clean, type: SAVE_TYPES[ext] as string };
}
