import { useMemo } from 'react';
import type { PromptGate } from '../../runtime/host/PromptGate.ts';
import { SaveGate, type SaveRequest } from '../../runtime/host/SaveGate.ts';
import { type Pending, usePendingAnswer } from './usePendingAnswer.ts';

/** A save waiting for the person: the prompt shows it and answers through `answer`. */
export type PendingSave = Pending<SaveRequest>;

function download({ name, type, bytes }: SaveRequest): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL need not outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The launcher's `files.save` gate: asks through the prompt gate, and the person answers a prompt. */
export function useSaveGate(prompts: PromptGate) {
  const { ask, pending } = usePendingAnswer<SaveRequest>();
  const gate = useMemo(() => new SaveGate({ prompts, download, ask }), [prompts, ask]);
  return { gate, pending };
}
