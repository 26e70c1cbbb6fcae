import { type Browser, type BrowserContext, type CDPSession, expect, type Request } from '@playwright/test';
import { requestOnHost } from '../../test-support/requestOnHost.ts';
import type { Row } from './Row.ts';
import type { RowContext, Weakening } from './rowEnv.ts';
import type { RowSetup } from './setupRows.ts';
import { launchUserProfile, type Profile } from './userProfile.ts';

/** Any app frame site of the server on `port`, and its frame document. */
const frameOrigin = (port: number) => new RegExp(`^http://[a-z0-9-]+\\.localhost:${port}$`);
const frameDocument = (port: number) => new RegExp(`^http://[a-z0-9-]+\\.localhost:${port}/(\\?.*)?$`);

// How long a request that could leak may stay unsettled before `drain()` reports it as sent.
const DRAIN_MS = 5000;

// The browser refused these before any byte left: DevTools still reports them as requests.
const BLOCKED = ['csp', 'net::ERR_BLOCKED_BY_CSP'];

/** Page scripting for the meta-test: every sandbox the page sets also gets `allow-same-origin`. */
function addSameOrigin() {
  const set = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name: string, value: string) {
    const weakened =
      this instanceof HTMLIFrameElement && name === 'sandbox' ? `${value} allow-same-origin` : value;
    return set.call(this, name, weakened);
  };
}

/** Page scripting for the meta-test: WebRTC constructors the runtime cannot delete. */
function pinWebRtc() {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) {
    const value = (globalThis as Record<string, unknown>)[name];
    if (value) Object.defineProperty(globalThis, name, { value, configurable: false, writable: false });
  }
}

/** Page scripting for the meta-test, in frames only: the browser's own dialogs, which the runtime cannot replace. */
function pinDialogs() {
  if (window.top === window) return;
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    const value = (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(window, name, { get: () => value, set: () => {}, configurable: false });
  }
}

/**
 * Page scripting for the meta-test, in the launcher page only: inside a message handler (a port's or the
 * window's), `performance.now()` reads a second later at each call, so a budget counted per second never fills.
 */
function dropBudgets() {
  if (window.top !== window) return;
  const realNow = performance.now.bind(performance);
  let inHandler = 0;
  let skew = 0;
  performance.now = () => {
    if (inHandler > 0) skew += 1000;
    return realNow() + (inHandler > 0 ? skew : 0);
  };
  const wrap = <E>(handler: (this: unknown, e: E) => unknown) =>
    function (this: unknown, e: E) {
      inHandler++;
      try {
        return handler.call(this, e);
      } finally {
        inHandler--;
      }
    };
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() {
      return onmessage?.get?.call(this);
    },
    set(handler: unknown) {
      onmessage?.set?.call(
        this,
        typeof handler === 'function' ? wrap(handler as (e: unknown) => unknown) : handler,
      );
    },
  });
  const wrapped = new WeakMap<object, EventListener>();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, options);
    let w = wrapped.get(listener);
    if (!w) {
      w = wrap(listener as (e: Event) => unknown) as EventListener;
      wrapped.set(listener, w);
    }
    return add.call(this, type, w, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const w = listener && typeof listener === 'function' ? wrapped.get(listener) : undefined;
    return remove.call(this, type, w ?? listener, options);
  };
}

/**
 * Page scripting for the meta-test, in the launcher page only: what the host tells one app's frame of
 * another launcher's `localStorage` write goes to every frame's port too (a host that routed by anything
 * but the port would do this).
 */
function leakLocalChanges() {
  if (window.top !== window) return;
  const ports = new Set<MessagePort>();
  const post = MessagePort.prototype.postMessage as (this: MessagePort, ...args: unknown[]) => void;
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
    ports.add(this);
    const type = (args[0] as { type?: unknown } | null)?.type;
    if (type === 'local-changed' || type === 'local-reset')
      for (const other of ports) if (other !== this) post.call(other, args[0]);
    return post.apply(this, args);
  } as typeof MessagePort.prototype.postMessage;
}

/** The real frame document of `url`, fetched from the server with the frame's Host header. */
async function fetchFrameDocument(
  url: string,
  port: number,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { host, pathname } = new URL(url);
  const res = await requestOnHost(port, host, pathname);
  return { status: res.status, headers: res.headers as Record<string, string>, body: res.body };
}

/** A signed-in context: a fresh one of `browser`, or a user profile of its own on disk. */
async function signedInContext(
  browser: Browser,
  setup: RowSetup,
  profile: Profile,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (profile === 'fresh') {
    const context = await browser.newContext({
      baseURL: setup.server.shell,
      storageState: setup.storageState,
    });
    return { context, close: () => context.close() };
  }
  const user = await launchUserProfile(setup.server.shell);
  await user.context.addCookies(setup.storageState.cookies);
  return user;
}

/**
 * Page scripting for the meta-test, in the launcher page only: its gesture check always passes (the page
 * reads as activated and focused on the shown app's frame), whatever the person did.
 */
function fakeGesture() {
  if (window.top !== window) return;
  Object.defineProperty(UserActivation.prototype, 'isActive', { get: () => true });
  Document.prototype.hasFocus = () => true;
  Object.defineProperty(Document.prototype, 'activeElement', {
    get: () => [...document.querySelectorAll('iframe')].find((f) => f.checkVisibility()) ?? document.body,
  });
}

/** Opens a signed-in context for one row (optionally weakened) and the observers its check reads. */
export async function openRow(
  browser: Browser,
  setup: RowSetup,
  row: Row,
  weaken: Weakening = {},
  profile: Profile = 'fresh',
): Promise<RowContext & { close(): Promise<void> }> {
  const roomId = setup.roomOf.get(row.id) as string;
  const { shell, port } = setup.server;
  const frameSite = frameOrigin(port);
  const apps = setup.appsOf.get(row.id) ?? {};
  const opened = await signedInContext(browser, setup, profile);
  const { context } = opened;
  if (weaken.sameOrigin) await context.addInitScript(addSameOrigin);
  if (weaken.keepWebRtc) await context.addInitScript(pinWebRtc);
  if (weaken.noBudgets) await context.addInitScript(dropBudgets);
  if (weaken.leakLocalChanges) await context.addInitScript(leakLocalChanges);
  if (weaken.rawDialogs) await context.addInitScript(pinDialogs);
  if (weaken.anyGesture) await context.addInitScript(fakeGesture);
  if (weaken.noCsp) {
    // A routed document counts as public to Local Network Access: let it reach loopback as the real one does.
    await context.grantPermissions(['local-network-access']);
    await context.route(frameDocument(port), async (route) => {
      const real = await fetchFrameDocument(route.request().url(), port);
      const headers = { ...real.headers };
      delete headers['content-security-policy'];
      await route.fulfill({ status: real.status, headers, body: real.body });
    });
  }
  if (weaken.sharedOrigin)
    await context.route(`${shell}/api/rooms/${roomId}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { apps: { frame_url: string }[] };
      for (const app of body.apps) app.frame_url = `http://shared-${row.id.toLowerCase()}.localhost:${port}/`;
      await route.fulfill({ response, json: body });
    });

  const page = await context.newPage();
  await page.addInitScript(watchStalls);
  const requests: Request[] = [];
  const sockets: string[] = [];
  const ctx = {
    dialogs: [] as string[],
    popups: [] as RowContext['popups'],
    downloads: [] as string[],
    crashes: [] as string[],
  };
  const failures = new Map<Request, string>();
  const finished = new Set<Request>();
  context.on('request', (r) => requests.push(r));
  context.on('requestfailed', (r) => failures.set(r, r.failure()?.errorText ?? 'failed'));
  context.on('requestfinished', (r) => finished.add(r));
  // A redirect the frame's CSP refuses ends with its response (the 3xx): no finished or failed event follows.
  context.on('response', (r) => {
    if (r.status() >= 300 && r.status() < 400) finished.add(r.request());
  });
  context.on('page', (p) => ctx.popups.push(p));
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('dialog', (d) => {
    ctx.dialogs.push(`${d.type()}: ${d.message()}`);
    // The row may close it first (a dialog it answered itself): nothing left to dismiss then.
    d.dismiss().catch(() => undefined);
  });
  page.on('download', (d) => ctx.downloads.push(d.url()));
  page.on('crash', () => ctx.crashes.push(page.url()));
  const mark = setup.listener.hits.length;

  const app = (role = 'main') => {
    const found = apps[role];
    if (!found) throw new Error(`row ${row.id} has no app "${role}"`);
    return found;
  };
  const allowed = (r: Request) => {
    const url = new URL(r.url());
    if (!/^(https?|wss?):$/.test(url.protocol)) return true;
    if (url.origin === shell) {
      try {
        return r.frame() === page.mainFrame();
      } catch {
        return false; // a service worker's request
      }
    }
    // A frame site's document, runtime and package bundles (`/deps/`) are the server's, not a way out.
    const ownRoutes = url.pathname === '/' || /^\/(runtime|deps)\//.test(url.pathname);
    return frameSite.test(url.origin) && ownRoutes;
  };
  let navigated = false;
  let cdp: CDPSession | undefined;
  const iframe = (role?: string) => page.locator(`iframe[title="${app(role).name}"]`);
  const frame = (role?: string) => page.frameLocator(`iframe[title="${app(role).name}"]`);

  return {
    ...ctx,
    page,
    context,
    env: setup.env,
    api: setup.api,
    roomId,
    appId: (role) => app(role).id,
    appName: (role) => app(role).name,
    iframe,
    frame,
    async open(role) {
      if (!navigated) {
        navigated = true;
        await page.goto(`/rooms/${roomId}?app=${encodeURIComponent(app(role).id)}`);
      } else {
        await page.getByRole('tab', { name: app(role).name, exact: true }).click();
      }
      await expect(iframe(role)).toBeAttached({ timeout: 15_000 });
      // Stalls count from here: the launcher's own boot is not the app's doing.
      await page.evaluate(() => (window as StallWindow).__roomStall?.());
      return frame(role);
    },
    async probe(role) {
      const text = await frame(role).locator('pre[data-probe]').textContent({ timeout: 15_000 });
      return JSON.parse(text ?? '{}') as Record<string, unknown>;
    },
    leaks: () => [
      ...requests
        .filter((r) => !allowed(r) && !BLOCKED.includes(failures.get(r) ?? ''))
        .map((r) => `${r.method()} ${r.url()} (${failures.get(r) ?? 'sent'})`),
      ...sockets.map((url) => `websocket ${url}`),
      ...setup.listener.since(mark).map((h) => `listener ${h.kind} ${h.path ?? ''}`),
    ],
    async drain() {
      const inFlight = () => requests.some((r) => !allowed(r) && !finished.has(r) && !failures.has(r));
      const until = Date.now() + DRAIN_MS;
      while (inFlight() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      await page.evaluate(() => 0);
      await setup.listener.drain();
    },
    frameRequests: () => requests.map((r) => r.url()).filter((url) => frameSite.test(new URL(url).origin)),
    async hostStall() {
      return page.evaluate(() => (window as StallWindow).__roomStall?.() ?? 0);
    },
    async renderers() {
      // A user profile is a browser of its own: `browser`'s processes would not be this row's.
      if (profile === 'user') throw new Error('renderers() counts the fresh browser only');
      cdp ??= await browser.newBrowserCDPSession();
      const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string }[] };
      return info.processInfo.filter((p) => p.type === 'renderer').length;
    },
    async close() {
      await cdp?.detach().catch(() => {});
      await opened.close();
    },
  };
}

type StallWindow = Window & { __roomStall?: () => number };

/** In the launcher page only: the longest its main thread went without running a 20 ms timer, read and reset. */
function watchStalls(): void {
  if (window.top !== window) return;
  let last = performance.now();
  let longest = 0;
  setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 20);
    last = now;
  }, 20);
  (window as StallWindow).__roomStall = () => {
    const seen = Math.max(longest, performance.now() - last - 20);
    longest = 0;
    return seen;
  };
}
