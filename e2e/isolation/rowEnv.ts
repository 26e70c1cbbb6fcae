import type { APIRequestContext, BrowserContext, FrameLocator, Locator, Page } from '@playwright/test';

/** Where hostile snippets aim: a loopback listener outside every origin, and the shell itself. */
export interface Env {
  /** `http://127.0.0.1:<free port>`: anything that reaches it left the frame. */
  listener: string;
  /** The shell's origin (its JSON API lives here). */
  shell: string;
  /** A loopback API (`http://127.0.0.1:<port>`, test-support/LoopbackApi) rows declare in `connectDomains`. */
  api: string;
  /** A loopback file host (`http://img.localhost:<port>`) rows declare in `resourceDomains`. */
  images: string;
}

/** What a probe snippet renders into `<pre data-probe>`: one entry per attempt. */
export type Probe = Record<string, unknown>;

/** One attempt's outcome as the snippet saw it. */
export interface Attempt {
  ok: boolean;
  value?: unknown;
  error?: string;
  message?: string;
}

/** Ways the meta-test weakens the frame, without any hook in production code. */
export interface Weakening {
  /** Routing strips the frame document's CSP header. */
  noCsp?: boolean;
  /** Page scripting adds `allow-same-origin` to every iframe's sandbox. */
  sameOrigin?: boolean;
  /** Routing points every app of the room at one `<key>.localhost` frame origin. */
  sharedOrigin?: boolean;
  /** Page scripting pins the WebRTC constructors (non-configurable) before the runtime removes them. */
  keepWebRtc?: boolean;
  /** Page scripting moves the launcher's clock a second on at each read inside a message handler: every budget second starts afresh. */
  noBudgets?: boolean;
  /** Page scripting in the launcher copies each `localStorage` change it sends one app's port to every port it has used. */
  leakLocalChanges?: boolean;
  /** Page scripting pins each app frame's `alert`, `confirm`, `prompt` and `print` before the runtime wraps them. */
  rawDialogs?: boolean;
  /** Page scripting makes the launcher's gesture check always pass (activated, focused on the app's frame). */
  anyGesture?: boolean;
}

/** Everything a row's check may use: the launcher page, its frames, and host-side observations. */
export interface RowContext {
  page: Page;
  context: BrowserContext;
  env: Env;
  /** Authenticated as the owner (a personal token of this spec file). */
  api: APIRequestContext;
  roomId: string;
  appId(role?: string): string;
  appName(role?: string): string;
  /** Opens the app in the launcher: navigates on first use, clicks its tab afterwards. */
  open(role?: string): Promise<FrameLocator>;
  frame(role?: string): FrameLocator;
  iframe(role?: string): Locator;
  /** Waits for the app's `<pre data-probe>` and parses it. */
  probe(role?: string): Promise<Probe>;
  /**
   * Requests that left for anywhere but the shell (from its own page) or a frame site's document,
   * runtime and package bundles, plus listener hits. Requests the browser blocked before sending (CSP) do not count.
   */
  leaks(): string[];
  /**
   * Lets what is in flight arrive, after the row's done signal: waits (at most 5 s) until every request
   * that could count in `leaks()` has finished or failed, then makes one round trip to the browser (its
   * events sent before are delivered) and one to the listener (connections opened before are recorded).
   */
  drain(): Promise<void>;
  /** Requests to any app frame host (`<key>.localhost`): a document or runtime fetched for a frame. */
  frameRequests(): string[];
  dialogs: string[];
  popups: Page[];
  downloads: string[];
  crashes: string[];
  /** Longest stall of the launcher page's main thread since the last call, in ms (measured in the page, so the test runner's own scheduling does not count). */
  hostStall(): Promise<number>;
  /** Renderer processes in the whole browser (CDP SystemInfo.getProcessInfo). */
  renderers(): Promise<number>;
}
