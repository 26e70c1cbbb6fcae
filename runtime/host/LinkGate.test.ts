import { describe, expect, it } from 'vitest';
import type { HostToFrame } from '../protocol.ts';
import { ClipboardGate } from './ClipboardGate.ts';
import { LinkGate, type LinkRequest } from './LinkGate.ts';
import { PromptGate } from './PromptGate.ts';

const who = { roomId: 'r', appId: 'a' };
const code = (m: HostToFrame) => (m.type === 'sdk-result' && !m.ok ? m.error.code : 'ok');
const prompts = (gesture = true) =>
  new PromptGate({ isShown: () => true, hasGesture: () => gesture, gestureGraceMs: 0 });

function links(answer = true, gesture = true) {
  const opened: LinkRequest[] = [];
  const asked: LinkRequest[] = [];
  const g = new LinkGate({
    prompts: prompts(gesture),
    open: (r) => opened.push(r),
    launcherOrigin: 'https://room.example',
    ask: (r) => {
      asked.push(r);
      return Promise.resolve(answer);
    },
  });
  const open = (url: unknown) =>
    new Promise<HostToFrame>((resolve) =>
      g.handle(who, { type: 'sdk-call', id: 1, method: 'link.open', params: { url } }, resolve),
    );
  return { open, opened, asked };
}

describe('LinkGate', () => {
  it('opens http(s), mailto and tel links only after the person said Open', async () => {
    const g = links();
    expect(code(await g.open('https://example.com/a b?q=1'))).toBe('ok');
    expect(code(await g.open('mailto:ada@example.com'))).toBe('ok');
    expect(code(await g.open('tel:+15550100'))).toBe('ok');
    expect(g.opened.map((r) => [r.kind, r.href])).toEqual([
      ['web', 'https://example.com/a%20b?q=1'],
      ['email', 'mailto:ada@example.com'],
      ['phone', 'tel:+15550100'],
    ]);
    const no = links(false);
    expect(code(await no.open('https://example.com/'))).toBe('link_refused');
    expect(no.opened).toEqual([]);
  });

  it('refuses other schemes, user@host links and relative URLs with no prompt', async () => {
    const g = links();
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<b>x</b>',
      'blob:https://example.com/x',
      'https://google.com@evil.example/',
      'https://user:pass@example.com/',
      'https://room.example/?token=attacker',
      'http://room.example/rooms/r',
      'https://room.example./rooms/r',
      'http://ROOM.example.:80/rooms/r',
      '/relative',
      'x'.repeat(5000),
      42,
    ])
      expect(code(await g.open(url)), String(url).slice(0, 40)).toBe('link_refused');
    expect(g.asked).toEqual([]);
  });

  it('refuses without a gesture in the app, and past 6 asks a minute', async () => {
    expect(code(await links(true, false).open('https://example.com/'))).toBe('link_refused');
    const g = links();
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push(code(await g.open('https://example.com/')));
    expect(codes).toEqual([...Array(6).fill('ok'), 'too_many_requests', 'too_many_requests']);
  });
});

describe('ClipboardGate', () => {
  function clipboard(gesture = true) {
    const written: string[] = [];
    const copied: string[] = [];
    const g = new ClipboardGate({
      prompts: prompts(gesture),
      write: async (text) => void written.push(text),
      copied: (w) => copied.push(w.appId),
    });
    const copy = (text: unknown) =>
      new Promise<HostToFrame>((resolve) =>
        g.handle(who, { type: 'sdk-call', id: 1, method: 'clipboard.write', params: { text } }, resolve),
      );
    return { copy, written, copied };
  }

  it('writes the text and names the app only right after a gesture', async () => {
    const g = clipboard();
    expect(code(await g.copy('Pizza: 3'))).toBe('ok');
    expect(g.written).toEqual(['Pizza: 3']);
    expect(g.copied).toEqual(['a']);
    const none = clipboard(false);
    expect(code(await none.copy('sneaky'))).toBe('clipboard_refused');
    expect(none.written).toEqual([]);
  });

  it('refuses what is not text, or over a million characters', async () => {
    const g = clipboard();
    expect(code(await g.copy({ html: '<b>' }))).toBe('invalid_value');
    expect(code(await g.copy('x'.repeat(1_000_001)))).toBe('too_large');
    expect(g.written).toEqual([]);
  });

  it('neither waits for nor holds the prompt: a copy goes through while a link waits for the person', async () => {
    const shared = prompts();
    const written: string[] = [];
    const links = new LinkGate({
      prompts: shared,
      open: () => undefined,
      launcherOrigin: 'https://room.example',
      ask: () => new Promise<boolean>(() => undefined),
    });
    const copies = new ClipboardGate({
      prompts: shared,
      write: async (t) => void written.push(t),
      copied: () => undefined,
    });
    links.handle(
      who,
      { type: 'sdk-call', id: 1, method: 'link.open', params: { url: 'https://example.com/' } },
      () => undefined,
    );
    const copy = (text: string) =>
      new Promise<HostToFrame>((resolve) =>
        copies.handle(who, { type: 'sdk-call', id: 2, method: 'clipboard.write', params: { text } }, resolve),
      );
    expect(code(await copy('while asked'))).toBe('ok');
    expect(written).toEqual(['while asked']);
    const codes = [];
    for (let i = 0; i < 30; i++) codes.push(code(await copy(String(i))));
    expect(codes.filter((c) => c === 'too_many_requests')).toHaveLength(1);
  });
});
