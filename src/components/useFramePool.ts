import { useEffect, useMemo } from 'react';
import { CompiledCache } from '../../runtime/host/CompiledCache.ts';
import type { FrameBridge } from '../../runtime/host/FrameController.ts';
import { FramePool } from '../../runtime/host/FramePool.ts';
import { StorageBridge } from '../../runtime/host/StorageBridge.ts';
import type { LauncherAppView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { poolApp, runsWithSandpack } from './MountedApps.tsx';

/** SDK methods that put something before the person (a save, a copy, a link): the prompted bridge takes them. */
const PROMPTED = new Set<string>(['files.save', 'clipboard.write', 'link.open']);

/** The launcher's frame pool for one room, and the warm hook the tab bar calls on pointer enter/focus. */
export function useFramePool(roomId: string, apps: LauncherAppView[] | undefined, prompted: FrameBridge) {
  const storage = useMemo(() => new StorageBridge(), []);
  const compiled = useMemo(() => new CompiledCache(), []);
  useEffect(() => () => compiled.close(), [compiled]);
  // One bridge for every frame: calls that prompt go to their gates, the rest to storage.
  const bridge = useMemo<FrameBridge>(
    () => (who, message, reply) =>
      message.type === 'sdk-call' && PROMPTED.has(message.method)
        ? prompted(who, message, reply)
        : storage.handle(who, message, reply),
    [storage, prompted],
  );
  useEffect(() => {
    storage.start();
    return () => storage.stop();
  }, [storage]);
  // Apps the owner removed leave no data behind: drop what this device still holds for them.
  useEffect(() => {
    const listed = apps?.map((a) => a.id);
    if (listed) storage.dropOrphans(roomId, listed).catch(() => {});
  }, [storage, roomId, apps]);
  const pool = useMemo(
    () =>
      new FramePool({
        roomId,
        bridge,
        compiled,
        localSnapshot: (appId) => storage.localSnapshot({ roomId, appId }),
        loadFiles: (appId) =>
          api('GET /api/rooms/:roomId/apps/:appId/files', { params: { roomId, appId } }).then((r) => r.files),
      }),
    [roomId, bridge, compiled, storage],
  );
  useEffect(() => () => pool.dispose(), [pool]);
  // An import (here or in another tab) replaced an app's data: its frame reloads onto the new generation.
  useEffect(
    () =>
      storage.subscribe((n) => {
        if (n.generation !== undefined && n.roomId === roomId) pool.reload(n.appId);
      }),
    [storage, pool, roomId],
  );
  const onWarm = (appId: string) => {
    const app = apps?.find((a) => a.id === appId);
    // A Sandpack app runs in its bundler's frame: a warm Sucrase frame for it would be a wasted process.
    if (app && !runsWithSandpack(app)) pool.warm(poolApp(app));
  };
  return { pool, onWarm, storage, bridge };
}
