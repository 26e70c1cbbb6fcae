import { describe, expect, it } from 'vitest';
import { dataUrlBytes } from './downloads.ts';
import { linkAction } from './links.ts';

const base = 'http://app.localhost:5178/';

describe('linkAction', () => {
  it('scrolls for #anchors, opens http(s)/mailto/tel, saves blob/data downloads, refuses the rest', () => {
    expect(linkAction('#notes', base, false)).toEqual({ kind: 'scroll', fragment: 'notes' });
    expect(linkAction('https://example.com/', base, false)).toEqual({
      kind: 'open',
      url: 'https://example.com/',
    });
    expect(linkAction('mailto:a@b.c', base, false).kind).toBe('open');
    expect(linkAction('tel:+1', base, false).kind).toBe('open');
    expect(linkAction('blob:http://app.localhost:5178/1', base, true).kind).toBe('download');
    expect(linkAction('data:text/csv,a', base, true).kind).toBe('download');
    expect(linkAction('data:text/html,<b>', base, false).kind).toBe('refuse');
    expect(linkAction('javascript:alert(1)', base, false).kind).toBe('refuse');
    expect(linkAction('ftp://example.com/', base, false).kind).toBe('refuse');
    // A relative path is the frame's own site: the person is asked, as for any http link.
    expect(linkAction('/other', base, false)).toEqual({
      kind: 'open',
      url: 'http://app.localhost:5178/other',
    });
  });
});

describe('dataUrlBytes', () => {
  it('decodes base64 and percent-encoded data URLs', () => {
    expect(new TextDecoder().decode(dataUrlBytes('data:text/csv;base64,YSxiCg==')?.bytes)).toBe('a,b\n');
    expect(dataUrlBytes('data:text/csv;charset=utf-8,a%2Cb')?.type).toBe('text/csv');
    expect(new TextDecoder().decode(dataUrlBytes('data:,a%2Cb')?.bytes)).toBe('a,b');
    expect(dataUrlBytes('data:;base64,!!!')).toBeUndefined();
    expect(dataUrlBytes('data:nocomma')).toBeUndefined();
  });
});
