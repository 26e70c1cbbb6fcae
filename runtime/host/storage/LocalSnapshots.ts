import type { LocalWrite } from '../../protocol.ts';
import { entryUnits } from '../../webStorageLimits.ts';
import type { AreaWriteOutcome } from './webAreas.ts';

/** Namespaces up to this many UTF-16 code units are kept in memory; a bigger one is read on each open. */
const HELD_UNITS = 256 * 1024;

const unitsOf = (entries: Iterable<[string, string]>) => {
  let units = 0;
  for (const [key, value] of entries) units += entryUnits(key, value);
  return units;
};

/**
 * The apps' small `localStorage` namespaces as this launcher page last wrote or read them, by app, so an
 * open hands them over without an IndexedDB read (an app that never wrote costs nothing after its first).
 * Kept current by this page's own writes; another page's write makes the app's entry be read again.
 */
export class LocalSnapshots {
  private readonly held = new Map<string, Map<string, string>>();

  get(app: string): [string, string][] | undefined {
    const held = this.held.get(app);
    return held && [...held];
  }

  keep(app: string, entries: [string, string][]): void {
    if (unitsOf(entries) <= HELD_UNITS) this.held.set(app, new Map(entries));
    else this.held.delete(app);
  }

  /** What the launcher just committed for the app (refused keys stay as they were). */
  applied(app: string, write: LocalWrite, outcome: AreaWriteOutcome): void {
    const held = this.held.get(app);
    if (!held) return;
    if (write.clear) held.clear();
    const refused = new Set(outcome.refused);
    for (const [key, value] of write.entries) {
      if (refused.has(key)) continue;
      if (value === null) held.delete(key);
      else held.set(key, value);
    }
    if (unitsOf(held) > HELD_UNITS) this.held.delete(app);
  }

  forget(app: string): void {
    this.held.delete(app);
  }
}
