import { CodedError } from '../../validation/errorCodes.ts';
import { type LinkTarget, linkTarget } from '../links/linkTarget.ts';
import { answerCall } from './answerCall.ts';
import type { FrameBridge, FrameIdentity } from './FrameController.ts';
import type { PromptGate, PromptKind } from './PromptGate.ts';

/** A link an app asked to open, checked, waiting for the person's answer. */
export interface LinkRequest extends LinkTarget {
  who: FrameIdentity;
}

export const LINK_LIMITS = {
  /** Links one app may ask to open a minute (asked or not); more answer `too_many_requests`. */
  perMinute: 6,
  /** A prompt nobody answers is refused after this long. */
  promptTimeoutMs: 120_000,
} as const;

export interface LinkGateOptions {
  prompts: PromptGate;
  /** Shows the prompt; resolves true when the person chose Open. Aborted when nobody answers in time. */
  ask: (request: LinkRequest, signal: AbortSignal) => Promise<boolean>;
  /** Opens the link in a new tab, no opener, no referrer; called only after the person said Open. */
  open: (request: LinkRequest) => void;
  /** The launcher's own origin: an app may not send the person to its pages (a sign-in link, a room). */
  launcherOrigin: string;
}

/**
 * The host side of links and `window.open`: every URL is checked (`linkTarget`) and put to the person
 * through the prompt gate; nothing opens without their Open, and the app only hears whether it did.
 */
export class LinkGate {
  private readonly kind: PromptKind = {
    action: 'open a link',
    refused: 'link_refused',
    perMinute: LINK_LIMITS.perMinute,
    timeoutMs: LINK_LIMITS.promptTimeoutMs,
  };

  constructor(private readonly opts: LinkGateOptions) {}

  readonly handle: FrameBridge = (who, message, reply) => {
    if (message.type !== 'sdk-call' || message.method !== 'link.open') return;
    answerCall(message, reply, this.openLink(who, message.params.url), 'The link did not open');
  };

  private async openLink(who: FrameIdentity, url: unknown): Promise<undefined> {
    // Refusals that cost nothing come first; every link that could prompt counts against the rate.
    const request = { who, ...linkTarget(url) };
    if (request.kind === 'web' && sameSite(new URL(request.href), new URL(this.opts.launcherOrigin)))
      throw new CodedError('link_refused', "Apps cannot open the launcher's own pages");
    const yes = await this.opts.prompts.ask(who, this.kind, (signal) => this.opts.ask(request, signal));
    if (!yes) throw new CodedError('link_refused', 'The person did not open the link');
    this.opts.open(request);
    return undefined;
  }
}

// Names a browser sends only to this machine: the server answers to each of them (server/http/allowedHosts.ts).
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

// The launcher's host by another spelling: http for https (a redirect away), a trailing dot, default ports,
// another loopback name for a launcher on loopback.
function sameSite(a: URL, b: URL): boolean {
  const host = (u: URL) => {
    const name = u.hostname.replace(/\.$/, '');
    return LOOPBACK.has(name) ? 'localhost' : name;
  };
  const port = (u: URL) => Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const defaults = (u: URL) => port(u) === 80 || port(u) === 443;
  return host(a) === host(b) && (port(a) === port(b) || (defaults(a) && defaults(b)));
}
