import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// The router listens on `window` when loaded; a server render has none.
vi.stubGlobal('window', { addEventListener: () => {} });
const { InAppLink } = await import('./InAppLink.tsx');
const { BackToLauncher } = await import('./BackToLauncher.tsx');

describe('InAppLink', () => {
  it('is a plain link with its href, name and attributes', () => {
    expect(renderToStaticMarkup(createElement(InAppLink, { href: '/', className: 'brand' }, 'Rooms'))).toBe(
      '<a href="/" class="brand">Rooms</a>',
    );
  });
  it('leads back to the launcher of the room, its id encoded', () => {
    expect(renderToStaticMarkup(createElement(BackToLauncher, { roomId: 'a b' }))).toBe(
      '<p><a href="/rooms/a%20b">Back to the launcher</a></p>',
    );
  });
});
