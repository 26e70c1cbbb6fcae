// The unstyled build: the styled one injects a <style> element, which the shell's CSP forbids.
import { SandpackProvider, useSandpackClient } from '@codesandbox/sandpack-react/unstyled';
import { useEffect, useMemo } from 'react';
import type { FrameBridge, FrameIdentity } from '../FrameController.ts';
import { type BundlerErrorFields, bundlerError } from './bundlerError.ts';
import { isBundlerStatus } from './bundlerStatus.ts';
import { connectSandpackFrame } from './connectSandpackFrame.ts';
import { sandpackFiles } from './sandpackFiles.ts';
import type { SandpackTailwind } from './sandpackTailwind.ts';

/** The bundler needs a real origin (`allow-same-origin`); forms and dialogs as in the Sucrase frame's `FRAME_SANDBOX`. */
export const SANDPACK_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-modals';

/** How a Sandpack start went, for the shell's panel. */
export type SandpackOutcome =
  | { kind: 'running'; ms: number }
  /** `fromApp`: the bundler's own words about the app (bounded), quoted by the panel as the app's. */
  | { kind: 'error'; message: string; fromApp?: boolean }
  | { kind: 'status'; status: string }
  /** The bundler frame passed its message budget: the panel removes it. */
  | { kind: 'flooded' }
  /** The app opened too many dialogs: the panel offers **Close app**. */
  | { kind: 'dialogs-cut' };

export interface SandpackViewProps {
  who: FrameIdentity;
  name: string;
  files: Record<string, string>;
  /** Exact versions recorded at review: the only packages the bundler installs. */
  dependencies: Record<string, string>;
  /** The Tailwind CSS the launcher made for this app, if it uses Tailwind. */
  tailwind?: SandpackTailwind;
  /** The app's `localStorage` when the panel opened, installed before its first line. */
  local?: [string, string][];
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
    () => sandpackFiles(props.files, props.dependencies, props.tailwind, props.local),
    [props.files, props.dependencies, props.tailwind, props.local],
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

/** The fields of the bundler's own messages the panel reads. */
interface BundlerMessage extends BundlerErrorFields {
  type?: string;
  compilatonError?: boolean;
  action?: string;
  status?: unknown;
}

function Preview({ who, name, bundlerUrl, bridge, onOutcome }: SandpackViewProps) {
  const { iframe } = useSandpackClient();
  // The bundler's messages are read straight off its window: sandpack-client's listen() could attach
  // to a client that was replaced, and then the panel waited on a preview that was already showing.
  useEffect(() => {
    const el = iframe.current;
    if (!el) return;
    const started = performance.now();
    // The bundler's own error (with file and line) comes as a `show-error` action, before or after its `done`.
    let shown = false;
    const onBundlerMessage = (data: unknown) => {
      const message = data as BundlerMessage | null;
      if (!message || typeof message !== 'object') return;
      if (message.type === 'done') {
        if (!message.compilatonError)
          onOutcome({ kind: 'running', ms: Math.round(performance.now() - started) });
        else if (!shown) onOutcome({ kind: 'error', message: 'The app failed to compile in Sandpack' });
      } else if (message.type === 'action' && message.action === 'show-error') {
        shown = true;
        onOutcome({ kind: 'error', message: bundlerError(message), fromApp: true });
      } else if (message.type === 'status' && isBundlerStatus(message.status)) {
        onOutcome({ kind: 'status', status: message.status });
      }
    };
    const origin = new URL(bundlerUrl).origin;
    const onFlood = () => onOutcome({ kind: 'flooded' });
    const onDialogsCut = () => onOutcome({ kind: 'dialogs-cut' });
    return connectSandpackFrame({ iframe: el, origin, who, bridge, onBundlerMessage, onFlood, onDialogsCut });
  }, [iframe, bundlerUrl, who, bridge, onOutcome]);
  return (
    // A pre-set sandbox is kept by sandpack-client: what the bundler needs and the app frame's forms and dialogs, no `allow` list.
    <iframe ref={iframe} title={name} sandbox={SANDPACK_SANDBOX} className="sandpack-frame" />
  );
}
