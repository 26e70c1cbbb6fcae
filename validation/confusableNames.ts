import unhomoglyph from 'unhomoglyph';
import type { WireError } from './errorCodes.ts';
import { mixedScripts, scriptName } from './mixedScripts.ts';

export { mixedScripts, scriptName };

// What a name's reader cannot see: invisible characters (variation selectors among them) and how many
// spaces stand together or at its ends.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Variation_Selector}]/gu;

/**
 * The TR39 confusable skeleton of a name: invisible characters removed, NFKC (confusables.txt leaves
 * full-width and other compatibility forms to it), spaces trimmed and collapsed, then NFD, each character
 * mapped by Unicode's confusables table, NFD again. Two names look alike when their skeletons are equal.
 */
export function nameSkeleton(name: string): string {
  const visible = name.replace(INVISIBLE, '').normalize('NFKC').replace(/\s+/gu, ' ').trim();
  return unhomoglyph(visible.normalize('NFD')).normalize('NFD');
}

/**
 * Rule 6: `confusable_name` when `name` is not one of `others` but looks like one of them (same
 * skeleton), or mixes scripts beyond Highly Restrictive. An identical name is not refused here.
 */
export function checkConfusableName(name: string, others: readonly string[]): WireError | undefined {
  const skeleton = nameSkeleton(name);
  const twin = others.find((other) => other !== name && nameSkeleton(other) === skeleton);
  if (twin !== undefined)
    return {
      code: 'confusable_name',
      message: `"${name}" looks like "${twin}", already in this room; choose a name that reads differently`,
      detail: { resembles: twin },
    };
  const scripts = mixedScripts(name);
  if (scripts)
    return {
      code: 'confusable_name',
      message: `name mixes ${scripts.map(scriptName).join(' and ')} letters, which can imitate another name; write it in one script (Latin may go with Han, Hiragana, Katakana, Bopomofo or Hangul)`,
      detail: { scripts },
    };
  return undefined;
}
