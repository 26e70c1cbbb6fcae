import { formatBytes } from './formatBytes.ts';
import { PromptDialog } from './PromptDialog.tsx';
import type { PendingSave } from './useSaveGate.ts';

/** "Save poll.csv (2 KB) from Lunch poll?": nothing downloads until the person says Save. */
export function SavePrompt({ pending, appName }: { pending: PendingSave; appName: string }) {
  const { name, bytes } = pending.request;
  return (
    <PromptDialog
      className="save-prompt"
      title={`Save ${name} (${formatBytes(bytes.byteLength)}) from ${appName}?`}
      onCancel={() => pending.answer(false)}
      actions={[
        { label: "Don't save", onPress: () => pending.answer(false) },
        { label: 'Save', primary: true, onPress: () => pending.answer(true) },
      ]}
    >
      <p className="muted">The app made this file. It goes to your downloads only if you save it.</p>
    </PromptDialog>
  );
}
