import { formatBytes } from './formatBytes.ts';
import { PromptDialog } from './PromptDialog.tsx';
import type { PendingSave } from './useSaveGate.ts';

/**
 * "Save a file from Lunch poll?": nothing downloads until the person says Save. The title and text are the
 * launcher's own words; the app's name for the file shows only in the box labelled File name.
 */
export function SavePrompt({ pending, appName }: { pending: PendingSave; appName: string }) {
  const { name, bytes } = pending.request;
  // cleanFileName always leaves `stem.ext`: the extension is shown apart so wrapping or bidi never hides it.
  const dot = name.lastIndexOf('.');
  return (
    <PromptDialog
      className="save-prompt"
      title={`Save a file from ${appName}?`}
      onCancel={() => pending.answer(false)}
      actions={[
        { label: "Don't save", onPress: () => pending.answer(false) },
        { label: 'Save', primary: true, onPress: () => pending.answer(true) },
      ]}
    >
      <p className="muted">The app made this file. It goes to your downloads only if you save it.</p>
      <figure className="save-file">
        <figcaption>File name</figcaption>
        <code className="file-name" dir="ltr">
          <bdi>{name.slice(0, dot)}</bdi>
          <span className="file-ext">{name.slice(dot)}</span>
        </code>
      </figure>
      <p>Size: {formatBytes(bytes.byteLength)}</p>
    </PromptDialog>
  );
}
