import { isTheme } from '../theme/tokens.ts';
import { setFrameTheme } from './frameTheme.ts';
import { installOutbound } from './installOutbound.ts';
import { parentWindowTransport } from './parentWindowTransport.ts';
import { createSdk } from './sdk.ts';
import { SdkCaller } from './sdkCall.ts';

/**
 * `@room/sdk` inside the Sandpack bundler frame: the same SDK as the Sucrase frame's, over
 * `window.parent.postMessage`. Bundled into runtime/host/sandpack/generated/sdkModule.ts by
 * `npx tsx scripts/genSandpackSdk.ts`, which the Sandpack host hands the bundler as a file.
 */
const sdk = createSdk(parentWindowTransport);
// Imported before the app (sandpackFiles' entry): its links, copies and downloads ask the launcher too.
installOutbound(parentWindowTransport);

// The Sucrase frame gets the theme on connect; this frame asks for it, then follows each switch.
new SdkCaller(parentWindowTransport).call('theme.get', {}).then(
  (theme) => isTheme(theme) && setFrameTheme(theme),
  () => undefined,
);
parentWindowTransport.onMessage((message) => {
  if (message.type === 'theme') setFrameTheme(message.theme);
});

export const { storage, files, useTheme, useStoredState } = sdk;
