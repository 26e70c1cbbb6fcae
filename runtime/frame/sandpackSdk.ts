import { isTheme } from '../theme/tokens.ts';
import { LOCAL_SNAPSHOT_GLOBAL } from '../webStorageLimits.ts';
import { keepFormsInPage } from './formSubmissions.ts';
import { setFrameTheme } from './frameTheme.ts';
import { installOutbound } from './installOutbound.ts';
import { installWebStorage } from './installWebStorage.ts';
import { installNativeDialogs } from './nativeDialogs.ts';
import { parentWindowTransport } from './parentWindowTransport.ts';
import { createSdk } from './sdk.ts';
import { SdkCaller } from './sdkCall.ts';

/**
 * `@room/sdk` inside the Sandpack bundler frame: the same SDK as the Sucrase frame's, over
 * `window.parent.postMessage`. Bundled into runtime/host/sandpack/generated/sdkModule.ts by
 * `npx tsx scripts/genSandpackSdk.ts`, which the Sandpack host hands the bundler as a file.
 */
// First, before the app's modules: this module is imported right after the snapshot, before the app.
const snapshotKey = Symbol.for(LOCAL_SNAPSHOT_GLOBAL);
const snapshot = (globalThis as Record<symbol, unknown>)[snapshotKey];
delete (globalThis as Record<symbol, unknown>)[snapshotKey];
installWebStorage(parentWindowTransport, Array.isArray(snapshot) ? (snapshot as [string, string][]) : []);

const sdk = createSdk(parentWindowTransport);
// Imported before the app by our entry: its dialogs, print and beforeunload are the launcher's before it runs.
installNativeDialogs(parentWindowTransport.post);
keepFormsInPage();
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
