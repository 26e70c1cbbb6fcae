// The unstyled build: the styled one injects a <style> element, which the shell's CSP forbids.
import { SandpackProvider, useSandpackClient } from '@codesandbox/sandpack-react/unstyled';
import { useEffect, useMemo } from 'react';
import type { FrameBridge, FrameIdentity } from '../host/FrameController.ts';
import { connectSandpackFrame } from './connectSandpackFrame.ts';
import { sandpackFiles } from './sandpackFiles.ts';

/** How a Sandpack start went, for the shell's panel. */
export type SandpackOutcome =
  | { kind: 'running'; ms: number }
  | { kind: 'error'; message: string }
  | { kind: 'status'; status: string };

export interface SandpackViewProps {
  who: FrameIdentity;
  name: string;
  files: Record<string, string>;
  /** Exact versions recorded at review: the only packages the bundler installs. */
  dependencies: Record<string, string>;
  /** The app's own bundler site (`http://<app>-sp.localhost:PORT/`). */
  bundlerUrl: string;
  /** Our npm registry endpoint (`http://127.0.0.1:PORT/npm/`). */
  registryUrl: string;
  /** The launcher's storage bridge; absent: SDK calls answer `not_available`. */
  bridge: FrameBridge | undefined;
  /** Sandpack's own timeout before it gives up (its default, 40 s, is too long to stare at). */
  timeoutMs: number;
  onOutcome: (outcome: SandpackOutcome) => void;
}

/** The Sandpack fallback: sandpack-react driving the self-hosted bundler, nothing from third parties. */
export function SandpackView(props: SandpackViewProps) {
  const files = useMemo(
    () => sandpackFiles(props.files, props.dependencies),
    [props.files, props.dependencies],
  );
  return (
    <SandpackProvider
      template="react-ts"
      files={files}
      customSetup={{
        dependencies: props.dependencies,
        entry: '/index.tsx',
        npmRegistries: [
          { enabledScopes: [], limitToScopes: false, registryUrl: props.registryUrl, proxyEnabled: false },
        ],
      }}
      options={{
        bundlerURL: props.bundlerUrl,
        bundlerTimeOut: props.timeoutMs,
        initMode: 'immediate',
        autorun: true,
        recompileMode: 'immediate',
      }}
    >
      <Preview {...props} />
    </SandpackProvider>
  );
}

function Preview({ who, name, bundlerUrl, bridge, onOutcome }: SandpackViewProps) {
  const { iframe, listen } = useSandpackClient();
  useEffect(() => {
    const el = iframe.current;
    if (!el) return;
    const origin = new URL(bundlerUrl).origin;
    return connectSandpackFrame({ iframe: el, origin, who, bridge });
  }, [iframe, bundlerUrl, who, bridge]);
  useEffect(() => {
    const started = performance.now();
    return listen((message) => {
      if (message.type === 'done' && !message.compilatonError) {
        onOutcome({ kind: 'running', ms: Math.round(performance.now() - started) });
      } else if (message.type === 'action' && message.action === 'show-error') {
        onOutcome({ kind: 'error', message: `${message.title}: ${message.message}`.slice(0, 500) });
      } else if (message.type === 'status') {
        onOutcome({ kind: 'status', status: message.status });
      } else if (message.type === 'done' && message.compilatonError) {
        onOutcome({ kind: 'error', message: 'The app failed to compile in Sandpack' });
      }
    });
  }, [listen, onOutcome]);
  return (
    // A pre-set sandbox is kept by sandpack-client: only what the bundler needs, no `allow` list.
    <iframe ref={iframe} title={name} sandbox="allow-scripts allow-same-origin" className="sandpack-frame" />
  );
}
