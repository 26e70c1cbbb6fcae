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
