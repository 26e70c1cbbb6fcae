import { useMemo } from 'react';
import type { PromptGate } from '../../runtime/host/PromptGate.ts';
import { SaveGate, type SaveRequest } from '../../runtime/host/SaveGate.ts';
import { downloadFile } from './downloadFile.ts';
import { type Pending, usePendingAnswer } from './usePendingAnswer.ts';

/** A save waiting for the person: the prompt shows it and answers through `answer`. */
export type PendingSave = Pending<SaveRequest>;

/** The launcher's `files.save` gate: asks through the prompt gate, and the person answers a prompt. */
export function useSaveGate(prompts: PromptGate) {
  const { ask, pending } = usePendingAnswer<SaveRequest>();
  const gate = useMemo(() => new SaveGate({ prompts, download: downloadFile, ask }), [prompts, ask]);
  return { gate, pending };
}
