import { useEffect, useMemo, useState } from 'react';
import { ClipboardGate } from '../../runtime/host/ClipboardGate.ts';
import type { FrameIdentity } from '../../runtime/host/FrameController.ts';
import type { PromptGate } from '../../runtime/host/PromptGate.ts';

/** How long "Copied by <app>" stays on screen. */
const NOTICE_MS = 2500;

/** The launcher's clipboard gate, and the app that last copied (for the "Copied by" notice). */
export function useClipboardGate(prompts: PromptGate) {
  const [copied, setCopied] = useState<{ who: FrameIdentity; at: number }>();
  const gate = useMemo(
    () =>
      new ClipboardGate({
        prompts,
        write: (text) => navigator.clipboard.writeText(text),
        copied: (who) => setCopied({ who, at: Date.now() }),
      }),
    [prompts],
  );
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(undefined), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return { gate, copied: copied?.who };
}
