import type { ServerResponse } from 'node:http';

/** A small server-rendered page (sign-in and invite landings): no script, so the shell's CSP holds. */
export function htmlPage(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}</head><body><main>${body}</main></body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string>,
): void {
  res
    .writeHead(status, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    })
    .end(html);
}

/** A landing that moves on by itself: a Strict cookie set on a cross-site step is sent on a same-site one. */
export function movingOnPage(title: string, text: string, linkText: string, next: string): string {
  const href = escapeHtml(next);
  return htmlPage(
    title,
    `<p>${escapeHtml(text)} <a href="${href}">${escapeHtml(linkText)}</a></p>`,
    `<meta http-equiv="refresh" content="0;url=${href}">`,
  );
}

/** A confirmation form posting to our own origin; the page's referrer policy lets it carry `Origin`. */
export function confirmForm(action: string, fields: Record<string, string>, button: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${action}">${inputs}<button type="submit">${escapeHtml(button)}</button></form>`;
}

/**
 * Headers for a page whose form posts back: `no-referrer` would make the browser send `Origin: null`
 * on the POST, which the Origin check must refuse; `strict-origin` sends our origin and never a path.
 */
export function formPageHeaders(security: Record<string, string>): Record<string, string> {
  return { ...security, 'referrer-policy': 'strict-origin' };
}
