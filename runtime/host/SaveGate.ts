import { CodedError } from '../../validation/errorCodes.ts';
import { cleanFileName } from '../files/cleanFileName.ts';
import { SAVE_LIMITS, saveBytes } from '../files/saveLimits.ts';
import { SdkErrorCode } from '../protocol.ts';
import type { FrameBridge, FrameIdentity } from './FrameController.ts';

/** A save an app asked for, cleaned and within limits, waiting for the person's answer. */
export interface SaveRequest {
  who: FrameIdentity;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface SaveGateOptions {
  /** Is this app on screen for a person now (its tab selected, the page visible)? */
  isShown: (who: FrameIdentity) => boolean;
  /** Shows the prompt; resolves true when the person chose to save. Aborted when nobody answers in time. */
  ask: (request: SaveRequest, signal: AbortSignal) => Promise<boolean>;
  /** Starts the download; called only after the person said yes. */
  download: (request: SaveRequest) => void;
  now?: () => number;
  promptTimeoutMs?: number;
}

/**
 * The host side of `files.save`: every request is cleaned, bounded (one prompt at a time, a few a minute
 * per app) and put to the person; nothing downloads without their yes, and the app always hears back.
 */
export class SaveGate {
  private prompting = false;
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly opts: SaveGateOptions) {}

  readonly handle: FrameBridge = (who, message, reply) => {
    if (message.type !== 'sdk-call' || message.method !== 'files.save') return;
    this.save(who, message.params).then(
      () => reply({ type: 'sdk-result', id: message.id, ok: true }),
      (err: unknown) => {
        const coded = err instanceof CodedError && Object.hasOwn(SdkErrorCode, err.code);
        const error = coded
          ? { code: err.code as SdkErrorCode, message: err.message }
          : { code: 'internal' as const, message: 'The save failed' };
        reply({ type: 'sdk-result', id: message.id, ok: false, error });
      },
    );
  };

  private async save(who: FrameIdentity, params: Record<string, unknown>): Promise<void> {
    // Refusals that cost nothing come first; every request that could prompt counts against the rate.
    const { name, type } = cleanFileName(params.name, params.type);
    const bytes = saveBytes(params.data);
    this.countRequest(who);
    if (this.prompting)
      throw new CodedError('too_many_requests', 'Another save is waiting for the person: try again after it');
    if (!this.opts.isShown(who))
      throw new CodedError('save_refused', 'Only the app on screen may ask to save a file');
    this.prompting = true;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.opts.promptTimeoutMs ?? SAVE_LIMITS.promptTimeoutMs);
    try {
      const request = { who, name, type, bytes };
      const yes = await this.opts.ask(request, timeout.signal);
      if (!yes || timeout.signal.aborted)
        throw new CodedError('save_refused', 'The person did not save the file');
      this.opts.download(request);
    } finally {
      clearTimeout(timer);
      this.prompting = false;
    }
  }

  private countRequest(who: FrameIdentity): void {
    const key = JSON.stringify([who.roomId, who.appId]);
    const now = (this.opts.now ?? Date.now)();
    const times = (this.recent.get(key) ?? []).filter((t) => now - t < 60_000);
    const over = times.length >= SAVE_LIMITS.perMinute;
    if (!over) times.push(now);
    this.recent.set(key, times);
    if (over)
      throw new CodedError(
        'too_many_requests',
        `At most ${SAVE_LIMITS.perMinute} saves a minute: try again later`,
      );
  }
}
