import { expect } from '@playwright/test';
import { noLeaks } from '../assertions.ts';
import type { Row } from '../Row.ts';
import { propose, proposeOk } from '../rowHelpers.ts';

const plainApp = { 'src/App.tsx': 'export default function App() {\n  return <p>plain</p>;\n}\n' };

export const reviewer: Row[] = [
  {
    id: 'V1',
    group: 'reviewer',
    attempt:
      'a proposal whose name, a path and a file carry markup, <script> and an <img onerror> aimed at the listener',
    outcome: 'all of it renders as text on the review card: no element, no dialog, no request',
    ownRoom: true,
    async check(t) {
      const name = '<img src=x onerror=alert(1)><script>alert(2)</script>';
      const path = 'src/<b onmouseover=alert(3)>.ts';
      const code = `export const x = "</code></pre><script>alert(4)</script><img src='${t.env.listener}/v1' onerror=alert(5)>";\n`;
      await proposeOk(t, name, { ...plainApp, [path]: code });
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name });
      await expect(card.getByRole('heading', { name })).toHaveText(name);
      await card.getByText('Review all proposed files (2)').click();
      await expect(card.getByRole('region', { name: `${path} source` })).toContainText(
        '<script>alert(4)</script>',
      );
      await expect(card.getByText(path, { exact: true })).toBeVisible();
      await expect(card.locator('img, script, b, iframe')).toHaveCount(0);
      await noLeaks(t);
      expect(t.dialogs).toEqual([]);
    },
  },
  {
    id: 'V2',
    group: 'reviewer',
    attempt: 'bidi overrides and invisible characters in a file, in the name and in a path',
    outcome:
      'the file is flagged on its card ("Hidden or direction-changing characters…" with each code point); the name and path are refused with invalid_name / unsafe_path before any reviewer sees them',
    ownRoom: true,
    async check(t) {
      const code = 'const role = "user\u202E\u2066 // admin";\nconst k\u200B = 1;\nexport default role;\n';
      await proposeOk(t, 'V2 hidden characters', { ...plainApp, 'src/trick.ts': code });
      const badName = await propose(t, 'V2 admin\u202Egnp.exe', plainApp);
      expect(badName.status()).toBe(400);
      expect(((await badName.json()) as { code: string }).code).toBe('invalid_name');
      const badPath = await propose(t, 'V2 path', { ...plainApp, 'src/a\u200B.ts': 'export {};\n' });
      expect(badPath.status()).toBe(400);
      expect(((await badPath.json()) as { code: string }).code).toBe('unsafe_path');
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name: 'V2 hidden characters' });
      await card.getByText('Review all proposed files (2)').click();
      const flag = card.getByText(/Hidden or direction-changing characters in this file:/);
      await expect(flag).toContainText('U+202E');
      await expect(flag).toContainText('U+2066');
      await expect(flag).toContainText('U+200B');
      await expect(t.page.getByRole('article')).toHaveCount(1);
    },
  },
  {
    id: 'V3',
    group: 'reviewer',
    attempt:
      'a proposal whose code sets globals, the title and posts to top if it ever ran on the review page',
    outcome:
      'nothing of it executes there: no iframe, no request to any frame host, title and globals untouched',
    ownRoom: true,
    async check(t) {
      const ran = "window.__proposalRan = 1; document.title = 'pwned'; top.postMessage('ran', '*');";
      await proposeOk(t, 'V3 would run', {
        'src/App.tsx': `${ran}\nexport default function App() {\n  return <p>ran</p>;\n}\n`,
        'src/page.html': `<script>${ran}</script>`,
      });
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name: 'V3 would run' });
      await card.getByText('Review all proposed files (2)').click();
      await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toContainText('__proposalRan');
      await t.drain();
      expect(
        await t.page.evaluate(() => (window as { __proposalRan?: number }).__proposalRan),
      ).toBeUndefined();
      expect(await t.page.title()).not.toBe('pwned');
      await expect(t.page.locator('iframe')).toHaveCount(0);
      expect(t.frameRequests()).toEqual([]);
    },
  },
  {
    id: 'V4',
    group: 'reviewer',
    attempt: 'a page on another origin frames the shell (where "Approve and create" lives)',
    outcome:
      "the browser refuses: frame-ancestors 'none' and X-Frame-Options DENY; nothing of the shell renders",
    ownRoom: true,
    pages: {
      framer: (env) =>
        `<!doctype html><title>framer</title><iframe src="${env.shell}/" title="shell"></iframe>`,
    },
    async check(t) {
      const shellResponse = t.page.waitForResponse((r) => r.url() === `${t.env.shell}/`);
      await t.page.goto(`${t.env.listener}/page/V4-framer`);
      const headers = (await shellResponse).headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      // The framing page's one child frame must be there and past its first about:blank, or nothing was proven.
      await expect
        .poll(
          () =>
            t.page
              .frames()
              .find((f) => f !== t.page.mainFrame())
              ?.url() ?? 'no child frame',
        )
        .not.toMatch(/^(no child frame|about:blank|)$/);
      const child = t.page.frames().find((f) => f !== t.page.mainFrame());
      expect(child, 'the frame that tried to load the shell').toBeDefined();
      await child?.waitForLoadState('domcontentloaded');
      const rendered = await child?.evaluate(() => document.querySelectorAll('#root, button').length);
      expect(rendered, 'shell elements inside the frame').toBe(0);
    },
  },
  {
    id: 'V5',
    group: 'reviewer',
    attempt:
      'on the review page: inject an inline <script>, an inline event handler, eval, new Function, setTimeout(string)',
    outcome: "the shell's CSP blocks each (script-src 'self', no unsafe-inline / unsafe-eval)",
    ownRoom: true,
    async check(t) {
      const response = await t.page.goto(`/rooms/${t.roomId}/review`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      await expect(t.page.getByRole('heading', { name: /Needs your approval/ })).toBeVisible();
      // DevTools' own evaluation skips the eval check, so eval is tried from a script the shell's
      // origin serves ('self'), answered by routing.
      await t.page.route(`${t.env.shell}/__iso-v5.js`, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `const tryIt = (fn) => { try { fn(); return 'ran'; } catch (e) { return e.name; } };
window.__v5 = { eval: tryIt(() => eval('1')), fn: tryIt(() => new Function('return 1')()) };
setTimeout('window.__timeout = 1');`,
        }),
      );
      const result = await t.page.evaluate(async () => {
        const w = window as unknown as Record<string, unknown>;
        const script = document.createElement('script');
        script.textContent = 'window.__inline = 1';
        document.head.append(script);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__handler = 1');
        // Listeners run in the order they were added: the inline handler's turn comes before this one.
        const imgFailed = new Promise((resolve) => img.addEventListener('error', resolve));
        img.src = 'data:,broken';
        document.body.append(img);
        const own = document.createElement('script');
        own.src = '/__iso-v5.js';
        await new Promise((resolve) => {
          own.onload = resolve;
          own.onerror = resolve;
          document.head.append(own);
        });
        await imgFailed;
        // Timers of equal delay run in order: this one runs after the script's setTimeout(string).
        await new Promise((r) => setTimeout(r, 0));
        const v5 = (w.__v5 ?? {}) as Record<string, unknown>;
        return {
          inline: w.__inline ?? null,
          handler: w.__handler ?? null,
          eval: v5.eval ?? null,
          fn: v5.fn ?? null,
          timeout: w.__timeout ?? null,
        };
      });
      expect(result).toEqual({
        inline: null,
        handler: null,
        eval: 'EvalError',
        fn: 'EvalError',
        timeout: null,
      });
    },
  },
];
