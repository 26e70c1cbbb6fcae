import { describe, expect, it } from 'vitest';
import type { RoomBackup } from '../../runtime/host/storage/roomBackupFile.ts';
import type { LauncherAppView } from '../../validation/views.ts';
import { restoreTargets } from './restoreTargets.ts';

const view = (id: string, name: string) => ({ id, name }) as LauncherAppView;
const backupOf = (...apps: [string, string][]) =>
  ({ apps: apps.map(([id, name]) => ({ app: { id, name, version: 1 } })) }) as unknown as RoomBackup;

describe('restoreTargets', () => {
  const apps = [view('bank', 'Bank'), view('notes', 'Notes')];

  it('matches by id, else by name', () => {
    const t = restoreTargets(apps, backupOf(['bank', 'Bank'], ['old-notes', 'Notes']));
    expect([...t].map(([from, to]) => [from, to.id])).toEqual([
      ['bank', 'bank'],
      ['old-notes', 'notes'],
    ]);
  });

  it('gives each room app one entry: a name never takes an app that an id names, nor one taken already', () => {
    // A crafted file: Bank's id under the name "Notes", then an unknown id named "Bank".
    const t = restoreTargets(apps, backupOf(['bank', 'Notes'], ['zzz', 'Bank'], ['yyy', 'Bank']));
    expect([...t].map(([from, to]) => [from, to.id])).toEqual([['bank', 'bank']]);
  });
});
