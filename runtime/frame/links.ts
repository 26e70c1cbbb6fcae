import { objectUrlBlob, saveDownload } from './downloads.ts';
import type { SdkCaller } from './sdkCall.ts';

/** What a link the person activated does in the frame. */
export type LinkAction =
  | { kind: 'scroll'; fragment: string }
  | { kind: 'open'; url: string }
  | { kind: 'download'; url: string }
  | { kind: 'refuse'; why: string };

/** Decides a link: `#anchor` scrolls, http(s)/mailto/tel asks the launcher, blob/data downloads save, the rest is refused. */
export function linkAction(raw: string, base: string, download: boolean): LinkAction {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return { kind: 'refuse', why: `${JSON.stringify(raw.slice(0, 80))} is not a URL` };
  }
  const here = new URL(base);
  if (url.href.split('#')[0] === here.href.split('#')[0] && (raw.startsWith('#') || url.hash))
    return { kind: 'scroll', fragment: url.hash.slice(1) };
  if (download && (url.protocol === 'blob:' || url.protocol === 'data:'))
    return { kind: 'download', url: raw };
  if (['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol)) return { kind: 'open', url: url.href };
  return {
    kind: 'refuse',
    why: `apps open only http:, https:, mailto: and tel: links (and save blob:/data: links marked download), not ${url.protocol.slice(0, 20)}`,
  };
}

function scrollTo(fragment: string): void {
  let id = fragment;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    // A malformed escape is taken as written.
  }
  const target = id ? (document.getElementById(id) ?? document.getElementsByName(id)[0]) : undefined;
  if (target) target.scrollIntoView();
  else if (!id || id.toLowerCase() === 'top') window.scrollTo(0, 0);
}

const warn = (what: string) => (err: unknown) =>
  console.warn(`[room] ${what}: ${err instanceof Error ? err.message : String(err)}`);

/**
 * Links as in a page, through the person: a click (any button, any modifier, Enter) on a link or
 * `window.open(url)` asks the launcher, which shows the address and opens it in a new tab after **Open**;
 * the frame itself never navigates. An app that handles the click itself (`preventDefault`) keeps it.
 */
export function installLinks(caller: SdkCaller): void {
  const act = (action: LinkAction, name: string, clicked?: Blob) => {
    switch (action.kind) {
      case 'scroll':
        return scrollTo(action.fragment);
      case 'open':
        return void caller.call('link.open', { url: action.url }).catch(warn('The link was not opened'));
      case 'download':
        return void saveDownload(caller, action.url, name, clicked).catch(warn('The download was not saved'));
      case 'refuse':
        return console.warn(`[room] The link was not opened: ${action.why}`);
    }
  };
  const onActivate = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest('a, area');
    const raw = anchor?.getAttribute('href') ?? anchor?.getAttribute('xlink:href');
    if (!anchor || raw == null) return;
    // The frame never follows a link itself; the app's own preventDefault (a router) is noted and kept.
    let appHandled = false;
    const prevent = event.preventDefault.bind(event);
    prevent();
    const handled = () => {
      appHandled = true;
    };
    Object.defineProperty(event, 'preventDefault', { value: handled });
    Object.defineProperty(event, 'returnValue', {
      get: () => !appHandled,
      set: (v) => v === false && handled(),
    });
    // Routers (React Router's Link) act only on a click nobody prevented: they must not see ours.
    Object.defineProperty(event, 'defaultPrevented', { get: () => appHandled });
    const download = anchor.hasAttribute('download');
    const name = anchor.getAttribute('download') ?? '';
    // Taken now: the app usually revokes the URL right after `a.click()` returns.
    const clicked = download ? objectUrlBlob(raw) : undefined;
    // After every listener of this event ran: only then is the app's choice known.
    setTimeout(() => appHandled || act(linkAction(raw, document.baseURI, download), name, clicked), 0);
  };
  window.addEventListener('click', onActivate, true);
  window.addEventListener('auxclick', onActivate, true);
  // `a.click()` on an anchor never put in the document (Export CSV's usual code) reaches no window listener.
  const click = HTMLElement.prototype.click;
  HTMLElement.prototype.click = function (this: HTMLElement) {
    if (!(this instanceof HTMLAnchorElement) || this.isConnected) return click.call(this);
    this.addEventListener('click', onActivate, { capture: true, once: true });
    click.call(this);
  };
  window.open = (url?: string | URL) => {
    if (url !== undefined && String(url) !== '') act(linkAction(String(url), document.baseURI, false), '');
    // No window to hand back: the new tab belongs to the person, not the app.
    return null;
  };
}
