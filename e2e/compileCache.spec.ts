import type { Page, Request } from '@playwright/test';
import { cachedEntries } from './cachedEntries.ts';
import { expect, test } from './fixtures.ts';
import { approveApp, roomWithApps } from './rooms.ts';

/** Two files, so the cache holds more than one module; each open is told apart by what it renders. */
const APP = {
  'src/App.tsx':
    "import { label } from './label';\nexport default function App() {\n  return <p>{label}</p>;\n}\n",
  'src/label.ts': "export const label: string = 'compiled once';\n",
};
const COMPILER = /\.localhost:\d+\/runtime\/compile\.js$/;

/** Every request of the page and its frames, seen from the host side (the browser's own log). */
function requestLog(page: Page): { compilerLoads: () => number; reset: () => void } {
  let seen: Request[] = [];
  page.context().on('request', (r) => seen.push(r));
  return {
    compilerLoads: () => seen.filter((r) => COMPILER.test(r.url())).length,
    reset: () => {
      seen = [];
    },
  };
}

/** Rewrites every entry: moved to another runtime version's key (`version`), or modules changed in place. */
function rewriteEntries(page: Page, change: { version?: string; body: string }): Promise<void> {
  return page.evaluate(
    ({ version, body }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('room-compiled');
        open.onsuccess = () => {
          const tx = open.result.transaction('entries', 'readwrite');
          const store = tx.objectStore('entries');
          const keys = store.getAllKeys();
          keys.onsuccess = () => {
            for (const key of keys.result) {
              const got = store.get(key);
              got.onsuccess = () => {
                const entry = got.result;
                store.delete(key);
                for (const path of Object.keys(entry.modules)) entry.modules[path] = body;
                if (version) entry.version = version;
                store.put(entry);
              };
            }
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    change,
  );
}

const POISON = 'exports.default = () => "POISONED"; exports.label = "POISONED";';

async function openApp(page: Page, roomId: string, appId: string): Promise<void> {
  await page.goto(`/rooms/${roomId}?app=${appId}`);
  await expect(page.frameLocator('iframe[title="Compiled once"]').getByText('compiled once')).toBeVisible();
}

test('a second open of the same app compiles nothing: the frame never requests the compiler', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId, apps } = await roomWithApps(request, `Compile cache ${Date.now()}`, {
    'Compiled once': APP,
  });
  const app = apps[0]?.id as string;
  const log = requestLog(page);

  await openApp(page, roomId, app);
  expect(log.compilerLoads(), 'the first open compiles').toBeGreaterThan(0);
  await expect.poll(async () => (await cachedEntries(page)).length).toBe(1);
  const [entry] = await cachedEntries(page);
  expect(Object.keys(entry?.modules ?? {}).sort()).toEqual(['src/App.tsx', 'src/label.ts']);

  log.reset();
  await openApp(page, roomId, app);
  expect(log.compilerLoads(), 'the second open loaded the compiler').toBe(0);
});

test('an entry of another runtime version, or one failing its checksum, is compiled afresh and never run', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId, apps } = await roomWithApps(request, `Compile cache version ${Date.now()}`, {
    'Compiled once': APP,
  });
  const app = apps[0]?.id as string;
  const log = requestLog(page);
  await openApp(page, roomId, app);
  await expect.poll(async () => (await cachedEntries(page)).length).toBe(1);

  // What an older runtime left behind: its version, modules this runtime must not run.
  await rewriteEntries(page, { version: 'sucrase-0.0.1/1', body: POISON });
  log.reset();
  await openApp(page, roomId, app);
  expect(log.compilerLoads(), 'a runtime version change recompiles').toBeGreaterThan(0);
  await expect(page.frameLocator('iframe[title="Compiled once"]').getByText('POISONED')).toHaveCount(0);

  // This runtime's entry, its modules changed on disk: the checksum no longer matches.
  await expect
    .poll(async () =>
      (await cachedEntries(page)).some((e) => !e.modules['src/App.tsx']?.includes('POISONED')),
    )
    .toBe(true);
  await rewriteEntries(page, { body: POISON });
  log.reset();
  await openApp(page, roomId, app);
  expect(log.compilerLoads(), 'a tampered entry recompiles').toBeGreaterThan(0);
  await expect(page.frameLocator('iframe[title="Compiled once"]').getByText('POISONED')).toHaveCount(0);
});

test('an update keeps the unchanged files compiled: the cache then holds the new files whole, and a reopen compiles nothing', async ({
  ownerPage: page,
  request,
}) => {
  const name = 'Compiled once';
  const { roomId, apps } = await roomWithApps(request, `Compile cache update ${Date.now()}`, { [name]: APP });
  const app = apps[0]?.id as string;
  const log = requestLog(page);
  await openApp(page, roomId, app);
  await expect.poll(async () => (await cachedEntries(page)).length).toBe(1);
  const [before] = await cachedEntries(page);

  // Only App.tsx changes: label.ts keeps its module; the frame compiles App.tsx and reports both.
  const updated = await approveApp(request, roomId, name, {
    ...APP,
    'src/App.tsx': APP['src/App.tsx'].replace('<p>{label}</p>', '<p>{label}, updated</p>'),
  });
  expect(updated.id).toBe(app);
  log.reset();
  await page.goto(`/rooms/${roomId}?app=${app}`);
  const frame = page.frameLocator(`iframe[title="${name}"]`);
  await expect(frame.getByText('compiled once, updated')).toBeVisible();
  expect(log.compilerLoads(), 'the changed file is compiled').toBeGreaterThan(0);
  await expect
    .poll(async () => (await cachedEntries(page))[0]?.modules['src/App.tsx']?.includes('updated'))
    .toBe(true);
  const [after] = await cachedEntries(page);
  expect(Object.keys(after?.modules ?? {}).sort()).toEqual(['src/App.tsx', 'src/label.ts']);
  expect(after?.modules['src/label.ts']).toBe(before?.modules['src/label.ts']);

  log.reset();
  await page.goto(`/rooms/${roomId}?app=${app}`);
  await expect(frame.getByText('compiled once, updated')).toBeVisible();
  expect(log.compilerLoads(), 'the reopen loaded the compiler').toBe(0);
});
