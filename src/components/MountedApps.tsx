import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { FrameBridge } from '../../runtime/host/FrameController.ts';
import type { FramePool, PoolApp, PoolEntry } from '../../runtime/host/FramePool.ts';
import type { LauncherAppView } from '../../validation/views.ts';
import { AppPanel } from './AppPanel.tsx';
import { lastActivationAt } from './lastActivation.ts';

// Only apps that need the Sandpack fallback load its panel (and, through it, sandpack-react).
const SandpackPanel = lazy(() => import('./SandpackPanel.tsx').then((m) => ({ default: m.SandpackPanel })));

/** Warm frames started in idle time for the first tabs (the pool bounds the total). */
const IDLE_WARM = 2;

/** Whether an open app has painted or will not (an error, a stop). */
const settled = (entry: PoolEntry | undefined) =>
  entry !== undefined &&
  (entry.paintMs !== undefined || !(entry.state.kind === 'warm' || entry.state.kind === 'loading'));

export const poolApp = (app: LauncherAppView): PoolApp => ({
  id: app.id,
  name: app.name,
  frameUrl: app.frame_url,
});

/**
 * The open apps' frames, kept mounted in one container (LRU-bounded by the pool) so switching tabs keeps
 * their state; only the selected one is shown.
 */
export function MountedApps({
  roomId,
  pool,
  bridge,
  apps,
  selected,
  removed,
}: {
  roomId: string;
  pool: FramePool;
  /** The storage bridge, for Sandpack frames (the pool hands it to its own frames). */
  bridge?: FrameBridge;
  apps: LauncherAppView[];
  /** The open app; undefined when the one in the URL is gone (`removed` then names it, if known). */
  selected: LauncherAppView | undefined;
  removed?: { name: string | undefined };
}) {
  useSyncExternalStore(pool.subscribe, () => pool.version);

  // Imports outside the runtime's modules were found at review: that app runs with Sandpack instead.
  const sandpack =
    selected?.dependencies && selected.sandpack_url && selected.registry_url ? selected : undefined;
  useEffect(() => {
    if (sandpack || !selected) pool.show(undefined);
    else pool.open(poolApp(selected), lastActivationAt());
  }, [pool, selected, sandpack]);

  useEffect(() => {
    const listed = new Set(apps.map((a) => a.id));
    // An app removed from the launcher unmounts at once.
    for (const id of pool.mounted()) if (!listed.has(id)) pool.drop(id);
  }, [pool, apps]);

  // Warm frames wait for the open app's first paint (or its failure): they would compete with it for the CPU.
  const openSettled = !selected || !!sandpack || settled(pool.entry(selected.id));
  useEffect(() => {
    if (!openSettled) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => {
      for (const app of apps.filter((a) => !a.dependencies).slice(0, IDLE_WARM)) pool.warm(poolApp(app));
    });
    return () => cancel(handle);
  }, [pool, apps, openSettled]);

  return (
    <section
      className="app-panel"
      role={selected ? 'tabpanel' : 'region'}
      id={selected ? `panel-${selected.id}` : undefined}
      aria-labelledby={selected ? `tab-${selected.id}` : undefined}
      aria-label={selected ? undefined : 'App'}
    >
      {!selected ? (
        <div className="panel-status" role="status">
          <p>
            {removed?.name
              ? `“${removed.name}” was removed from this room by its owner.`
              : 'This app is not in this room any more.'}
          </p>
          <p className="muted">Pick another app above.</p>
        </div>
      ) : sandpack?.dependencies && sandpack.sandpack_url && sandpack.registry_url ? (
        <Suspense fallback={null}>
          <SandpackPanel
            // A new version remounts the bundler on its code (its packages may differ).
            key={`${sandpack.id}:${sandpack.version}`}
            roomId={roomId}
            appId={sandpack.id}
            name={sandpack.name}
            dependencies={sandpack.dependencies}
            bundlerUrl={sandpack.sandpack_url}
            registryUrl={sandpack.registry_url}
            bridge={bridge}
          />
        </Suspense>
      ) : (
        <AppPanel
          name={selected.name}
          entry={pool.entry(selected.id)}
          onRestart={() => pool.restart(poolApp(selected))}
        />
      )}
      <div
        ref={(el) => pool.attach(el)}
        className="frame-host"
        data-paint-ms={selected && pool.entry(selected.id)?.paintMs}
      />
    </section>
  );
}
