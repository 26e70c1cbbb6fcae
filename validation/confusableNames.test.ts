import { describe, expect, it } from 'vitest';
import { checkConfusableName, mixedScripts, nameSkeleton } from './confusableNames.ts';

const ROOM = ['Standup timer', 'Poll maker', 'Cafe'];

describe('checkConfusableName', () => {
  it('refuses a Cyrillic і beside "Standup timer", naming the app it resembles', () => {
    expect(checkConfusableName('Standup t\u0456mer', ROOM)).toEqual({
      code: 'confusable_name',
      message:
        '"Standup t\u0456mer" looks like "Standup timer", already in this room; choose a name that reads differently',
      detail: { resembles: 'Standup timer' },
    });
  });

  it('refuses a Greek ο, full-width letters and mathematical letters that copy a name', () => {
    expect(checkConfusableName('P\u03BFll maker', ROOM)?.detail).toEqual({ resembles: 'Poll maker' });
    expect(checkConfusableName('\uFF33\uFF54\uFF41\uFF4E\uFF44\uFF55\uFF50 timer', ROOM)?.detail).toEqual({
      resembles: 'Standup timer',
    });
    expect(checkConfusableName('\u{1D5E3}oll maker', ROOM)?.detail).toEqual({ resembles: 'Poll maker' });
    // "rn" reads as "m".
    expect(checkConfusableName('Standup tirner', ROOM)?.detail).toEqual({ resembles: 'Standup timer' });
  });

  it('refuses Latin mixed with Cyrillic or Greek even when nothing in the room looks like it', () => {
    expect(checkConfusableName('Paypal w\u0430llet', [])).toMatchObject({
      code: 'confusable_name',
      detail: { scripts: ['Cyrl', 'Latn'] },
    });
    expect(checkConfusableName('Paypal w\u0430llet', [])?.message).toMatch(
      /mixes Cyrillic and Latin letters/,
    );
    expect(mixedScripts('Alpha \u03B2eta')).toEqual(['Grek', 'Latn']);
  });

  it('lets identical names, single-script names and the CJK mixes Highly Restrictive allows through', () => {
    expect(checkConfusableName('Standup timer', ROOM)).toBeUndefined();
    expect(checkConfusableName('Caf\u00E9', ROOM)).toBeUndefined();
    expect(checkConfusableName('\u6771\u4EAC Weather', ROOM)).toBeUndefined();
    expect(checkConfusableName('\u6771\u4EAC\u306E\u30BF\u30A4\u30DE\u30FC timer 2', ROOM)).toBeUndefined();
    expect(checkConfusableName('\uC11C\uC6B8 \u6F22\u5B57 Weather', ROOM)).toBeUndefined();
    expect(checkConfusableName('\u0422\u0430\u0439\u043C\u0435\u0440', ROOM)).toBeUndefined();
    expect(checkConfusableName('Timer \u{1F570}\uFE0F 2024!', ROOM)).toBeUndefined();
    expect(mixedScripts('\u0395\u03BB\u03BB\u03AC\u03B4\u03B1')).toBeUndefined();
  });

  it('computes skeletons the TR39 way: NFKC, NFD, the confusables table, NFD', () => {
    expect(nameSkeleton('Caf\u00E9')).toBe(nameSkeleton('Cafe\u0301'));
    expect(nameSkeleton('Caf\u00E9')).not.toBe(nameSkeleton('Cafe'));
    expect(nameSkeleton('m')).toBe(nameSkeleton('rn'));
    expect(nameSkeleton('\uFF21pp')).toBe('App');
  });

  it('ignores invisible characters and extra spaces, so "Chat\uFE0F" and "Notes " resemble their twins', () => {
    const room = ['Chat', 'Notes', 'Team Notes', '\u2764\uFE0F Love'];
    for (const [name, twin] of [
      ['Chat\uFE0F', 'Chat'],
      ['Chat\u{E0100}', 'Chat'],
      ['Ch\u200Bat', 'Chat'],
      ['Notes ', 'Notes'],
      [' Notes', 'Notes'],
      ['Team  Notes', 'Team Notes'],
      ['Team\u00A0Notes', 'Team Notes'],
      ['\u2764 Love', '\u2764\uFE0F Love'],
    ])
      expect(checkConfusableName(name as string, room)?.detail, name).toEqual({ resembles: twin });
    expect(checkConfusableName('\u{1F389} Party', room)).toBeUndefined();
  });
});
