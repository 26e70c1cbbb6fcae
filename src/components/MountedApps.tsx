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

/** Imports outside the runtime's modules were found at review: the app runs with Sandpack instead. */
export const runsWithSandpack = (app: LauncherAppView): boolean =>
  !!(app.dependencies && app.sandpack_url && app.registry_url);

export const poolApp = (app: LauncherAppView): PoolApp => ({
  id: app.id,
  name: app.name,
  frameUrl: app.frame_url,
  packagesPath: app.packages_url ? new URL(app.packages_url).pathname : undefined,
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

  const sandpack = selected && runsWithSandpack(selected) ? selected : undefined;
  useEffect(() => {
    if (sandpack) pool.hold(poolApp(sandpack));
    else if (!selected) pool.show(undefined);
    else pool.open(poolApp(selected), lastActivationAt());
  }, [pool, selected, sandpack]);
  // Sandpack apps stay mounted (hidden) like the pool's frames, evicted with them: in the list's order,
  // so React never moves one (moving an iframe reloads it).
  const mounted = new Set(pool.mounted());
  const sandpackApps = apps.filter((a) => runsWithSandpack(a) && (mounted.has(a.id) || a === sandpack));

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
      ) : sandpack ? null : (
        <AppPanel
          name={selected.name}
          entry={pool.entry(selected.id)}
          onRestart={() => pool.restart(poolApp(selected))}
          onClose={() => pool.close(selected.id)}
        />
      )}
      {sandpackApps.map(
        (app) =>
          app.dependencies &&
          app.sandpack_url &&
          app.registry_url && (
            <div key={app.id} style={{ display: app === sandpack ? 'contents' : 'none' }}>
              <Suspense fallback={null}>
                <SandpackPanel
                  // A new version remounts the bundler on its code (its packages may differ); an import, on its data.
                  key={`${app.version}:${pool.reloadsOf(app.id)}`}
                  roomId={roomId}
                  appId={app.id}
                  name={app.name}
                  dependencies={app.dependencies}
                  bundlerUrl={app.sandpack_url}
                  registryUrl={app.registry_url}
                  bridge={bridge}
                  localSnapshot={pool.localSnapshot}
                />
              </Suspense>
            </div>
          ),
      )}
      <div
        ref={(el) => pool.attach(el)}
        className="frame-host"
        data-paint-ms={selected && pool.entry(selected.id)?.paintMs}
      />
    </section>
  );
}
