import { useEffect, useMemo } from 'react';
import { FramePool } from '../../runtime/host/FramePool.ts';
import { api, type LauncherApp } from '../api.ts';
import { poolApp } from './MountedApps.tsx';

/** The launcher's frame pool for one room, and the warm hook the tab bar calls on pointer enter/focus. */
export function useFramePool(roomId: string, apps: LauncherApp[] | undefined) {
  const pool = useMemo(
    () =>
      new FramePool({
        roomId,
        loadFiles: (appId) =>
          api<{ files: Record<string, string> }>(`/api/rooms/${roomId}/apps/${appId}/files`).then(
            (r) => r.files,
          ),
      }),
    [roomId],
  );
  useEffect(() => () => pool.dispose(), [pool]);
  const onWarm = (appId: string) => {
    const app = apps?.find((a) => a.id === appId);
    if (app) pool.warm(poolApp(app));
  };
  return { pool, onWarm };
}
