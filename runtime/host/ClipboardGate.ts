import { CodedError } from '../../validation/errorCodes.ts';
import { answerCall } from './answerCall.ts';
import type { FrameBridge, FrameIdentity } from './FrameController.ts';
import type { PromptGate, PromptKind } from './PromptGate.ts';

export const CLIPBOARD_LIMITS = {
  /** Characters one copy may carry: a page of text is a few thousand; 1 M is a whole export. */
  maxChars: 1_000_000,
  /** Copies one app may make a minute; more answer `too_many_requests`. */
  perMinute: 30,
} as const;

export interface ClipboardGateOptions {
  /** The launcher's one gate: only the app on screen, right after the person's gesture in it. */
  prompts: PromptGate;
  /** Writes the text with the launcher's own clipboard (its transient activation, its focus). */
  write: (text: string) => Promise<void>;
  /** Tells the person which app just wrote their clipboard. */
  copied: (who: FrameIdentity) => void;
}

/**
 * The host side of an app's `navigator.clipboard.writeText`: the launcher writes the text itself, only
 * while the person's click or key press in that app's frame is fresh (the browser's transient activation,
 * which a click in the frame gives the launcher too); never a read, and no `allow` on the frame.
 */
export class ClipboardGate {
  private readonly kind: PromptKind = {
    action: 'copy to the clipboard',
    refused: 'clipboard_refused',
    perMinute: CLIPBOARD_LIMITS.perMinute,
    // Unused: a copy asks nothing of the person.
    timeoutMs: 0,
  };

  constructor(private readonly opts: ClipboardGateOptions) {}

  readonly handle: FrameBridge = (who, message, reply) => {
    if (message.type !== 'sdk-call' || message.method !== 'clipboard.write') return;
    answerCall(message, reply, this.copy(who, message.params.text), 'The copy failed');
  };

  private async copy(who: FrameIdentity, text: unknown): Promise<undefined> {
    if (typeof text !== 'string')
      throw new CodedError('invalid_value', 'navigator.clipboard.writeText takes a string');
    if (text.length > CLIPBOARD_LIMITS.maxChars)
      throw new CodedError('too_large', `At most ${CLIPBOARD_LIMITS.maxChars} characters a copy`);
    await this.opts.prompts.unprompted(who, this.kind, async () => {
      try {
        await this.opts.write(text);
      } catch (err) {
        throw new CodedError('clipboard_refused', `The browser refused the copy: ${(err as Error).message}`);
      }
    });
    this.opts.copied(who);
    return undefined;
  }
}
