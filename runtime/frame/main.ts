// First: on a compile cache miss the compiler starts loading before anything else evaluates.
import './compilerHint.ts';
import {
  boundFrameError,
  type FrameError,
  type FrameToHost,
  type HostToFrame,
  isConnectMessage,
  PROTOCOL_VERSION,
} from '../protocol.ts';
import { errorFromThrown } from './errorFromThrown.ts';
import { keepFormsInPage } from './formSubmissions.ts';
import { setFrameTheme } from './frameTheme.ts';
import { adoptPort, hasPort, onHostMessage, portTransport, postToHost } from './hostPort.ts';
import { installOutbound } from './installOutbound.ts';
import { installWebStorage } from './installWebStorage.ts';
import { preloadPackages } from './loadPackages.ts';
import { installNativeDialogs } from './nativeDialogs.ts';
import { runApp } from './runApp.ts';
import { showOverlay } from './showOverlay.ts';
import { warmCompiler, warmRender } from './warmUp.ts';

// CSP does not stop WebRTC (STUN leaves the device): remove the constructors before app code runs.
for (const name of [
  'RTCPeerConnection',
  'webkitRTCPeerConnection',
  'RTCDataChannel',
  'RTCSessionDescription',
]) {
  try {
    delete (globalThis as Record<string, unknown>)[name];
  } catch {
    // Best effort: a non-configurable global stays.
  }
}

installNativeDialogs(postToHost);
keepFormsInPage();
installOutbound(portTransport);

let files: Record<string, string> = {};
let started = false;
let reported = 0;

const post = (message: FrameToHost) => postToHost(message);

function report(error: FrameError): void {
  // A crash loop must not flood the host: the first errors are the useful ones.
  if (++reported > 20) return;
  showOverlay(error, files);
  // The overlay shows it whole; the host takes only a bounded error.
  post({ type: 'error', error: boundFrameError(error) });
}

window.addEventListener('message', (event) => {
  // Only the host (our parent) may hand over the port, once.
  if (event.source !== window.parent || hasPort() || !isConnectMessage(event.data)) return;
  const handed = event.ports[0];
  if (!handed || !adoptPort(handed)) return;
  // Before any app code: the document starts in the launcher's theme.
  if (event.data.theme) setFrameTheme(event.data.theme);
  if (event.data.packages) preloadPackages(event.data.packages);
  onHostMessage(onMessage);
  post({ type: 'ready', version: PROTOCOL_VERSION });
  // A warm frame waits for files: spend the wait on first-time costs (a cold one has its files coming).
  if (event.data.warm) setTimeout(() => warmRender(() => !started), 0);
});

window.addEventListener('error', (event) => {
  if (started) report(errorFromThrown(event.error ?? event.message, files));
});
window.addEventListener('unhandledrejection', (event) => {
  if (started) report(errorFromThrown(event.reason, files));
});

function onMessage(message: HostToFrame): void {
  switch (message.type) {
    case 'ping':
      post({ type: 'pong', id: message.id });
      return;
    case 'theme':
      setFrameTheme(message.theme);
      return;
    case 'warm-compiler':
      warmCompiler(() => !started, message.files);
      return;
    case 'run':
      if (started) return;
      started = true;
      files = message.files;
      document.title = message.name;
      // Before the app's first line (and its packages'): `localStorage` holds what it stored last time.
      installWebStorage(portTransport, message.local);
      void runApp(files, message.compiled, { report, post }, message.packages);
      return;
  }
}
