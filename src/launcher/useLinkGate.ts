import { useMemo, useState } from 'react';
import { LinkGate, type LinkRequest } from '../../runtime/host/LinkGate.ts';
import type { PromptGate } from '../../runtime/host/PromptGate.ts';

/** A link waiting for the person: the prompt shows it and answers through `answer`. */
export interface PendingLink {
  request: LinkRequest;
  answer: (yes: boolean) => void;
}

// A new browsing context with no `window.opener` and no Referer: the site learns nothing of the launcher.
const open = ({ href }: LinkRequest) => void window.open(href, '_blank', 'noopener,noreferrer');

/** The launcher's link gate: asks through the prompt gate, and the person answers the link prompt. */
export function useLinkGate(prompts: PromptGate) {
  const [pending, setPending] = useState<PendingLink>();
  const gate = useMemo(
    () =>
      new LinkGate({
        prompts,
        open,
        launcherOrigin: window.location.origin,
        ask: (request, signal) =>
          new Promise<boolean>((resolve) => {
            const answer = (yes: boolean) => {
              setPending(undefined);
              resolve(yes);
            };
            signal.addEventListener('abort', () => answer(false));
            setPending({ request, answer });
          }),
      }),
    [prompts],
  );
  return { gate, pending };
}
