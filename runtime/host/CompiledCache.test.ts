import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { RUNTIME_VERSION } from '../runtimeVersion.ts';
import { CompiledCache, type CompiledCacheOptions } from './CompiledCache.ts';

let dbs = 0;
const cache = (opts: CompiledCacheOptions = {}) => {
  const dbName = `compiled-test-${++dbs}`;
  return { dbName, cache: new CompiledCache({ dbName, ...opts }) };
};

const FILES = { 'src/App.tsx': 'export default () => <p>hi</p>;\n', 'src/app.css': 'p {}' };
const sent = (body = 'exports.default = () => "hi";', version = RUNTIME_VERSION) => ({
  version,
  modules: { 'src/App.tsx': body },
});

/** Rewrites every stored entry with `change` applied, as a corrupted disk or another writer would. */
async function tamper(dbName: string, change: (entry: Record<string, unknown>) => void) {
  const db = await openDB(dbName);
  const tx = db.transaction('entries', 'readwrite');
  for (const key of await tx.store.getAllKeys()) {
    const entry = (await tx.store.get(key)) as Record<string, unknown>;
    await tx.store.delete(key);
    change(entry);
    await tx.store.put(entry);
  }
  await tx.done;
  db.close();
}

describe('CompiledCache', () => {
  it('hands an app back exactly what its frame compiled from the same files', async () => {
    const { cache: c } = cache();
    expect(await c.get('r1', 'a', FILES)).toBeUndefined();
    expect(await c.put('r1', 'a', FILES, sent())).toBe(true);
    expect(await c.get('r1', 'a', FILES)).toEqual(sent());
    // Another content of the files is another entry.
    expect(await c.get('r1', 'a', { ...FILES, 'src/App.tsx': 'export default 1;' })).toBeUndefined();
  });

  it("keeps Tailwind's CSS with the modules, checksummed, and refuses an oversized one", async () => {
    const { dbName, cache: c } = cache();
    const withCss = { ...sent(), css: '@layer utilities { .p-4 { padding: 1rem } }' };
    expect(await c.put('r1', 'a', FILES, withCss)).toBe(true);
    expect(await c.get('r1', 'a', FILES)).toEqual(withCss);
    await tamper(dbName, (entry) => {
      entry.css = '.p-4 { background: url(http://elsewhere.test/) }';
    });
    expect(await c.get('r1', 'a', FILES)).toBeUndefined();
    expect(await c.put('r1', 'b', FILES, { ...sent(), css: 'x'.repeat(513 * 1024) })).toBe(false);
  });

  it('never hands an entry to another app, or to the same app in another room', async () => {
    const { cache: c } = cache();
    await c.put('r1', 'a', FILES, sent('exports.default = "poisoned";'));
    expect(await c.get('r1', 'b', FILES)).toBeUndefined();
    expect(await c.get('r2', 'a', FILES)).toBeUndefined();
    await c.put('r2', 'b', FILES, sent());
    expect((await c.get('r2', 'b', FILES))?.modules['src/App.tsx']).toBe(sent().modules['src/App.tsx']);
  });

  it('drops an entry that fails its checksum instead of handing it out', async () => {
    const { cache: c, dbName } = cache();
    await c.put('r1', 'a', FILES, sent());
    await tamper(dbName, (e) => {
      (e.modules as Record<string, string>)['src/App.tsx'] = 'exports.default = "tampered";';
    });
    expect(await c.get('r1', 'a', FILES)).toBeUndefined();
    // Dropped, not just skipped: a fresh compile can take its place.
    await tamper(dbName, () => {});
    expect(await c.put('r1', 'a', FILES, sent())).toBe(true);
    expect(await c.get('r1', 'a', FILES)).toEqual(sent());
  });

  it('treats an entry naming another runtime version as a miss, and refuses modules of another version', async () => {
    const { cache: c, dbName } = cache();
    await c.put('r1', 'a', FILES, sent());
    await tamper(dbName, (e) => {
      e.version = 'sucrase-0.0.0/0';
    });
    expect(await c.get('r1', 'a', FILES)).toBeUndefined();
    expect(await c.put('r1', 'a', FILES, sent(undefined, 'sucrase-0.0.0/0'))).toBe(false);
    // A runtime upgrade: the old build's entry is not the new one's.
    const { cache: older } = cache({ version: 'sucrase-0.0.0/0' });
    await older.put('r1', 'a', FILES, sent(undefined, 'sucrase-0.0.0/0'));
    const newer = new CompiledCache({ dbName: `compiled-test-${dbs}` });
    expect(await newer.get('r1', 'a', FILES)).toBeUndefined();
  });

  it('checks what the frame sent against the files: paths, completeness, types and size', async () => {
    const { cache: c } = cache();
    const put = (modules: unknown) => c.put('r1', 'a', FILES, { version: RUNTIME_VERSION, modules } as never);
    expect(await put({})).toBe(false);
    expect(await put({ 'src/App.tsx': 'x', 'src/Other.tsx': 'y' })).toBe(false);
    expect(await put({ 'src/App.tsx': 'x', 'src/app.css': 'y' })).toBe(false);
    expect(await put({ 'src/App.tsx': 42 })).toBe(false);
    expect(await put({ 'src/App.tsx': 'x'.repeat(64 * 1024) })).toBe(false);
    expect(await c.get('r1', 'a', FILES)).toBeUndefined();
  });

  it('stays within its byte bound, evicting the least recently used first', async () => {
    const body = (n: number) => `exports.default = ${JSON.stringify('x'.repeat(1000))}; // ${n}`;
    const { cache: c } = cache({ maxBytes: 2500 });
    await c.put('r1', 'a', FILES, sent(body(1)));
    await c.put('r1', 'b', FILES, sent(body(2)));
    // Reading `a` makes `b` the least recently used.
    expect(await c.get('r1', 'a', FILES)).toBeDefined();
    await c.put('r1', 'c', FILES, sent(body(3)));
    expect(await c.get('r1', 'b', FILES)).toBeUndefined();
    expect(await c.get('r1', 'a', FILES)).toBeDefined();
    expect(await c.get('r1', 'c', FILES)).toBeDefined();
    // An entry larger than the whole bound is never kept.
    expect(await c.put('r1', 'd', FILES, sent(`exports.default = "${'y'.repeat(3000)}";`))).toBe(false);
  });

  it("keeps one entry per app: new files replace the app's old ones", async () => {
    const { cache: c, dbName } = cache();
    await c.put('r1', 'a', FILES, sent());
    const changed = { ...FILES, 'src/App.tsx': 'export default () => <p>new</p>;\n' };
    await c.put('r1', 'a', changed, sent('exports.default = "new";'));
    const db = await openDB(dbName);
    expect(await db.count('entries')).toBe(1);
    db.close();
    expect(await c.get('r1', 'a', FILES)).toBeUndefined();
    expect(await c.get('r1', 'a', changed)).toBeDefined();
  });

  it('after an update hands back only the modules of files left unchanged, by path and source', async () => {
    const { cache: c, dbName } = cache();
    const v1 = {
      'src/App.tsx': "import { label } from './label';\nexport default () => <p>{label}</p>;\n",
      'src/label.ts': "export const label = 'one';\n",
      'src/util.ts': 'export const n = 1;\n',
    };
    const modules = { 'src/App.tsx': 'app v1', 'src/label.ts': 'label v1', 'src/util.ts': 'util v1' };
    expect(await c.put('r1', 'a', v1, { version: RUNTIME_VERSION, modules, css: '.x{}' })).toBe(true);
    const v2 = { ...v1, 'src/label.ts': "export const label = 'two';\n" };
    // The changed file is left out (the frame compiles it), and the CSS, which depends on every file.
    expect(await c.get('r1', 'a', v2)).toEqual({
      version: RUNTIME_VERSION,
      modules: { 'src/App.tsx': 'app v1', 'src/util.ts': 'util v1' },
    });
    // Same source under another path is another module; another app or room gets nothing.
    expect(await c.get('r1', 'a', { 'src/App.tsx': v1['src/util.ts'] })).toBeUndefined();
    expect(await c.get('r1', 'b', v2)).toBeUndefined();
    expect(await c.get('r2', 'a', v2)).toBeUndefined();
    // A source hash changed on disk fails the checksum: nothing is handed out, and the entry goes.
    await tamper(dbName, (e) => {
      (e.sources as Record<string, string>)['src/label.ts'] = (e.sources as Record<string, string>)[
        'src/util.ts'
      ] as string;
    });
    expect(await c.get('r1', 'a', v2)).toBeUndefined();
    expect(await c.get('r1', 'a', v1)).toBeUndefined();
  });
});
