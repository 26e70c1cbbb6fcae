import type { Page } from '@playwright/test';

/** The compile cache's entries in the shell origin's IndexedDB (the launcher's side of the wall). */
export function cachedEntries(
  page: Page,
): Promise<{ version: string; modules: Record<string, string>; css?: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('room-compiled');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve([]);
          const all = db.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => {
            resolve(all.result);
            db.close();
          };
        };
      }),
  );
}
