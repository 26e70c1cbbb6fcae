import { installClipboard } from './clipboard.ts';
import { keepObjectUrls } from './downloads.ts';
import type { HostTransport } from './HostTransport.ts';
import { installLinks } from './links.ts';
import { SdkCaller } from './sdkCall.ts';

/** Before any app code: clipboard writes, links, `window.open` and `<a download>` go through the launcher. */
export function installOutbound(transport: HostTransport): void {
  const caller = new SdkCaller(transport);
  keepObjectUrls();
  installClipboard(caller);
  installLinks(caller);
}
