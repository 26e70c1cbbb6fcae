import { useEffect, useSyncExternalStore } from 'react';
import type { FramePool, PoolApp } from '../../runtime/host/FramePool.ts';
import type { LauncherApp } from '../api.ts';
import { AppPanel } from './AppPanel.tsx';
import { lastActivationAt } from './lastActivation.ts';

/** Warm frames started in idle time for the first tabs (the pool bounds the total). */
const IDLE_WARM = 2;

export const poolApp = (app: LauncherApp): PoolApp => ({
  id: app.id,
  name: app.name,
  frameUrl: app.frame_url,
});

/**
 * The open apps' frames, kept mounted in one container (LRU-bounded by the pool) so switching tabs keeps
 * their state; only the selected one is shown.
 */
export function MountedApps({
  pool,
  apps,
  selected,
}: {
  pool: FramePool;
  apps: LauncherApp[];
  selected: LauncherApp;
}) {
  useSyncExternalStore(pool.subscribe, () => pool.version);

  useEffect(() => {
    pool.open(poolApp(selected), lastActivationAt());
  }, [pool, selected]);

  useEffect(() => {
    const listed = new Set(apps.map((a) => a.id));
    // An app removed from the launcher unmounts at once.
    for (const id of pool.mounted()) if (!listed.has(id)) pool.drop(id);
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => {
      for (const app of apps.slice(0, IDLE_WARM)) pool.warm(poolApp(app));
    });
    return () => cancel(handle);
  }, [pool, apps]);

  return (
    <section
      className="app-panel"
      role="tabpanel"
      id={`panel-${selected.id}`}
      aria-labelledby={`tab-${selected.id}`}
    >
      <AppPanel
        name={selected.name}
        entry={pool.entry(selected.id)}
        onRestart={() => pool.restart(poolApp(selected))}
      />
      <div
        ref={(el) => pool.attach(el)}
        className="frame-host"
        data-paint-ms={pool.entry(selected.id)?.paintMs}
      />
    </section>
  );
}
