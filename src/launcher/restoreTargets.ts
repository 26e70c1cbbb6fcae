import type { RoomBackup } from '../../runtime/host/storage/roomBackupFile.ts';
import type { LauncherAppView } from '../../validation/views.ts';

/**
 * The room's app each backed-up app restores into (the same id, else the same name), keyed by the backed-up
 * app's id: one backed-up app per room app, so no file entry can write an app a second entry already claims.
 */
export function restoreTargets(apps: LauncherAppView[], backup: RoomBackup): Map<string, LauncherAppView> {
  const targets = new Map<string, LauncherAppView>();
  const claimed = new Set<string>();
  // Matches by id first, over the whole file, so a name never takes an app that an id names.
  for (const byId of [true, false])
    for (const { app } of backup.apps) {
      if (targets.has(app.id)) continue;
      const target = apps.find((a) => (byId ? a.id === app.id : a.name === app.name));
      if (!target || claimed.has(target.id)) continue;
      claimed.add(target.id);
      targets.set(app.id, target);
    }
  return targets;
}
