import { describe, expect, it } from 'vitest';
import { linkParts } from './linkParts.ts';
import { punycodeLabel } from './punycodeLabel.ts';

describe('punycodeLabel', () => {
  it('decodes xn-- labels and leaves others', () => {
    expect(punycodeLabel('xn--bcher-kva')).toBe('bücher');
    expect(punycodeLabel('xn--pple-43d')).toBe('\u0430pple');
    expect(punycodeLabel('xn--80ak6aa92e')).toBe('\u0430\u0440\u0440\u04cf\u0435');
    expect(punycodeLabel('example')).toBe('example');
    expect(punycodeLabel('xn--!!')).toBeUndefined();
  });
});

describe('linkParts', () => {
  it('keeps the host apart and the rest after it, with no warning for a plain https name', () => {
    const p = linkParts('web', new URL('https://docs.example.com/guide?x=1#top').href);
    expect(p).toEqual({
      scheme: 'https://',
      host: 'docs.example.com',
      site: 'example.com',
      rest: '/guide?x=1#top',
      flags: [],
    });
  });

  it('flags a Cyrillic look-alike of apple.com, and a whole-script one', () => {
    const mixed = linkParts('web', new URL('https://\u0430pple.com/').href);
    expect(mixed.host).toBe('xn--pple-43d.com');
    expect(mixed.unicodeHost).toBe('\u0430pple.com');
    expect(mixed.flags.join('\n')).toMatch(/International name/);
    expect(mixed.flags.join('\n')).toMatch(/Mixes (Cyrillic and Latin|Latin and Cyrillic)/);
    expect(mixed.flags.join('\n')).toMatch(/Looks like apple\.com/);
    const whole = linkParts('web', new URL('https://xn--80ak6aa92e.com/').href);
    // TR39 takes the palochka for an i: the flag still names an all-Latin twin.
    expect(whole.flags.join('\n')).toMatch(/Looks like appie\.com/);
  });

  it('flags an international name that imitates nothing only as international', () => {
    const p = linkParts('web', new URL('https://bücher.de/').href);
    expect(p.flags).toEqual(['International name: it reads "bücher.de" and is written xn--bcher-kva.de']);
  });

  it('flags http and bare IP addresses; keeps the port with the host', () => {
    const p = linkParts('web', 'http://10.0.0.1:8080/x');
    expect(p.host).toBe('10.0.0.1:8080');
    expect(p.flags).toHaveLength(2);
  });

  it('shows the recipient of a mailto: link, and flags its look-alike domain', () => {
    const p = linkParts('email', new URL('mailto:ceo@\u0430pple.com?subject=hi').href);
    expect(p.scheme).toBe('mailto:');
    expect(p.rest).toBe('?subject=hi');
    expect(p.flags.join('\n')).toMatch(/Looks like apple\.com/);
  });

  it("names the site of a host that starts with another site's name, and keeps country second levels", () => {
    const p = linkParts('web', 'https://accounts.google.com.evil.net/login');
    expect(p.site).toBe('evil.net');
    expect(p.flags).toEqual([
      'The site is evil.net: "accounts.google.com" before it is a name that site chose',
    ]);
    expect(linkParts('web', 'https://www.bbc.co.uk/').site).toBe('bbc.co.uk');
    expect(linkParts('web', 'https://www.bbc.co.uk/').flags).toEqual([]);
  });
});
