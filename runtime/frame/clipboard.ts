import type { SdkCaller } from './sdkCall.ts';

const refused = (message: string) => new DOMException(message, 'NotAllowedError');

/**
 * Routes the app's clipboard writes to the launcher, which writes only while the person's click or key
 * press in the app is fresh; reads stay the browser's own, refused (the frame has no `allow`).
 */
export function installClipboard(caller: SdkCaller): void {
  const writeText = async (text: string): Promise<void> => {
    try {
      await caller.call('clipboard.write', { text: String(text) });
    } catch (err) {
      throw refused((err as Error).message);
    }
  };
  // Only plain text crosses: an image or HTML on the clipboard could carry what the person did not see.
  const write = async (items: ClipboardItem[]): Promise<void> => {
    const item = items[0];
    if (items.length !== 1 || !item?.types.includes('text/plain'))
      throw refused('Apps may copy plain text only (navigator.clipboard.writeText)');
    await writeText(await (await item.getType('text/plain')).text());
  };
  routeExecCommand(writeText);
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard) {
    Object.defineProperty(clipboard, 'writeText', { value: writeText, configurable: true });
    Object.defineProperty(clipboard, 'write', { value: write, configurable: true });
    return;
  }
  const read = () => Promise.reject(refused('Apps cannot read the clipboard'));
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText, write, readText: read, read },
    configurable: true,
  });
}

/** The text `execCommand('copy')` would copy: the selection, or the selected part of the focused field. */
function selectedText(): string {
  const field = document.activeElement;
  if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) {
    const { selectionStart: start, selectionEnd: end } = field;
    if (start !== null && end !== null && end > start) return field.value.slice(start, end);
  }
  return document.getSelection()?.toString() ?? '';
}

/**
 * `document.execCommand('copy'|'cut')` (what copy libraries fall back to) would write the clipboard with
 * no word to the launcher: it goes through the same path as writeText; `cut` then deletes the selection.
 */
export function routeExecCommand(writeText: (text: string) => Promise<void>): void {
  const exec = Document.prototype.execCommand;
  Document.prototype.execCommand = function (this: Document, command: string, ...rest: [boolean?, string?]) {
    const name = String(command).toLowerCase();
    if (name !== 'copy' && name !== 'cut') return exec.call(this, command, ...rest);
    writeText(selectedText()).catch((err: Error) =>
      console.warn(`[room] The copy was refused: ${err.message}`),
    );
    if (name === 'cut') exec.call(this, 'delete');
    return true;
  };
}
