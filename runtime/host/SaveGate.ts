import { CodedError } from '../../validation/errorCodes.ts';
import { cleanFileName } from '../files/cleanFileName.ts';
import { SAVE_LIMITS, saveBytes } from '../files/saveLimits.ts';
import { SdkErrorCode } from '../protocol.ts';
import type { FrameBridge, FrameIdentity } from './FrameController.ts';
import type { PromptGate, PromptKind } from './PromptGate.ts';

/** A save an app asked for, cleaned and within limits, waiting for the person's answer. */
export interface SaveRequest {
  who: FrameIdentity;
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface SaveGateOptions {
  /** The launcher's one gate for every prompt: who may ask, when, how often. */
  prompts: PromptGate;
  /** Shows the prompt; resolves true when the person chose to save. Aborted when nobody answers in time. */
  ask: (request: SaveRequest, signal: AbortSignal) => Promise<boolean>;
  /** Starts the download; called only after the person said yes. */
  download: (request: SaveRequest) => void;
  promptTimeoutMs?: number;
}

/**
 * The host side of `files.save`: every request is cleaned, bounded and put to the person through the
 * prompt gate (the app on screen, right after a gesture in it, one prompt at a time, a few a minute);
 * nothing downloads without their yes, and the app always hears back.
 */
export class SaveGate {
  private readonly kind: PromptKind;

  constructor(private readonly opts: SaveGateOptions) {
    this.kind = {
      action: 'save a file',
      refused: 'save_refused',
      perMinute: SAVE_LIMITS.perMinute,
      timeoutMs: opts.promptTimeoutMs ?? SAVE_LIMITS.promptTimeoutMs,
    };
  }

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
    const request = { who, name, type, bytes };
    const yes = await this.opts.prompts.ask(who, this.kind, (signal) => this.opts.ask(request, signal));
    if (!yes) throw new CodedError('save_refused', 'The person did not save the file');
    this.opts.download(request);
  }
}
