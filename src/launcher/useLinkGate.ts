import { useMemo } from 'react';
import { LinkGate, type LinkRequest } from '../../runtime/host/LinkGate.ts';
import type { PromptGate } from '../../runtime/host/PromptGate.ts';
import { type Pending, usePendingAnswer } from '../components/usePendingAnswer.ts';

/** A link waiting for the person: the prompt shows it and answers through `answer`. */
export type PendingLink = Pending<LinkRequest>;

// A new browsing context with no `window.opener` and no Referer: the site learns nothing of the launcher.
const open = ({ href }: LinkRequest) => void window.open(href, '_blank', 'noopener,noreferrer');

/** The launcher's link gate: asks through the prompt gate, and the person answers the link prompt. */
export function useLinkGate(prompts: PromptGate) {
  const { ask, pending } = usePendingAnswer<LinkRequest>();
  const gate = useMemo(
    () => new LinkGate({ prompts, open, launcherOrigin: window.location.origin, ask }),
    [prompts, ask],
  );
  return { gate, pending };
}
