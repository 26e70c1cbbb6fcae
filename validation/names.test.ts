import { describe, expect, it } from 'vitest';
import { checkName } from './names.ts';

describe('checkName refuses names that look like another', () => {
  it.each([
    ['Notes ', 'start or end with a space'],
    [' Notes', 'start or end with a space'],
    ['Notes\u00A0', 'start or end with a space'],
    ['Team  Notes', 'two spaces in a row'],
    ['Team \u3000Notes', 'two spaces in a row'],
    ['Chat\uFE0F', 'invisible character (U+FE0F)'],
    ['Chat\u{E0100}', 'invisible character (U+E0100)'],
    ['Chat\uFE00', 'invisible character (U+FE00)'],
  ])('%j is refused (%s)', (name, why) => {
    const e = checkName(name);
    expect(e?.code).toBe('invalid_name');
    expect(e?.message).toContain(why);
  });

  it.each([
    'Chat',
    'Team Notes',
    '\u6771\u4EAC Weather',
    'Caf\u00E9',
    '\u{1F389} Party',
    '\u2764\uFE0F Love',
    'Timer \u{1F570}\uFE0F',
  ])('%j is fine', (name) => expect(checkName(name)).toBeUndefined());
});
