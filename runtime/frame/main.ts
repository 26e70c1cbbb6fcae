import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import {
  type FrameError,
  type FrameToHost,
  type HostToFrame,
  isConnectMessage,
  isHostToFrame,
  PROTOCOL_VERSION,
} from '../protocol.ts';
import { errorFromThrown } from './errorFromThrown.ts';
import { LoaderError, ModuleLoader } from './ModuleLoader.ts';
import { providedModules } from './providedModules.ts';
import { findEntry } from './resolve.ts';
import { createSdk } from './sdk.ts';

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

let port: MessagePort | undefined;
let files: Record<string, string> = {};
let started = false;

function post(message: FrameToHost): void {
  port?.postMessage(message);
}

function report(error: FrameError): void {
  post({ type: 'error', error });
}

window.addEventListener('message', (event) => {
  // Only the host (our parent) may hand over the port, once.
  if (event.source !== window.parent || port || !isConnectMessage(event.data)) return;
  const handed = event.ports[0];
  if (!handed) return;
  port = handed;
  port.onmessage = (e) => {
    if (isHostToFrame(e.data)) onHostMessage(e.data);
  };
  post({ type: 'ready', version: PROTOCOL_VERSION });
});

window.addEventListener('error', (event) => {
  report(errorFromThrown(event.error ?? event.message, files));
});
window.addEventListener('unhandledrejection', (event) => {
  report(errorFromThrown(event.reason, files));
});

function onHostMessage(message: HostToFrame): void {
  switch (message.type) {
    case 'ping':
      post({ type: 'pong', id: message.id });
      return;
    case 'run':
      if (started) return;
      started = true;
      files = message.files;
      document.title = message.name;
      run();
      return;
  }
}

function run(): void {
  const entry = findEntry(files);
  if (!entry) {
    report({
      code: 'missing_entry',
      message: 'No src/App.tsx (or src/App.jsx, src/App.js, src/index.*) to run',
    });
    return;
  }
  const loader = new ModuleLoader(files, providedModules(createSdk()), injectCss);
  const evalStarted = performance.now();
  let exports: unknown;
  try {
    exports = loader.load(entry.path);
  } catch (err) {
    report(
      err instanceof LoaderError
        ? { ...err.toWire(), file: err.file, line: err.line, column: err.column }
        : errorFromThrown(err, files),
    );
    return;
  }
  const evalMs = performance.now() - evalStarted - loader.compileMs;
  const timing = { compileMs: loader.compileMs, evalMs };
  if (entry.mountsItself) {
    afterPaint(() => post({ type: 'rendered', ...timing }));
    return;
  }
  const App = (exports as { default?: unknown } | undefined)?.default;
  if (typeof App !== 'function' && (typeof App !== 'object' || App === null)) {
    report({
      code: 'missing_default_export',
      message: `${entry.path} has no default export to render`,
      file: entry.path,
    });
    return;
  }
  const container = document.getElementById('root') as HTMLElement;
  const root = createRoot(container, {
    onUncaughtError: (error) => report(errorFromThrown(error, files)),
  });
  root.render(createElement(App as React.ElementType));
  afterPaint(() => post({ type: 'rendered', ...timing }));
}

function afterPaint(then: () => void): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      then();
      post({ type: 'painted' });
    }, 0),
  );
}

function injectCss(path: string, css: string): void {
  const style = document.createElement('style');
  style.dataset.file = path;
  style.textContent = css;
  document.head.appendChild(style);
}
