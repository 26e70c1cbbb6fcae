import { describe, expect, it } from 'vitest';
import { WEB_STORAGE_LIMITS } from '../webStorageLimits.ts';
import { type AreaChange, createStorage, StorageArea } from './webStorage.ts';

const make = (quota?: number) => {
  const changes: AreaChange[] = [];
  const area = new StorageArea((c) => changes.push(c), quota);
  return { area, changes, storage: createStorage(area) as Storage & Record<string, unknown> };
};

describe('createStorage', () => {
  it('behaves as a page Storage: methods, length, key(), strings only', () => {
    const { storage } = make();
    storage.setItem('a', 1 as unknown as string);
    storage.setItem('b', 'two');
    expect(storage.getItem('a')).toBe('1');
    expect(storage.getItem('missing')).toBeNull();
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe('b');
    expect(storage.key(2)).toBeNull();
    storage.removeItem('a');
    expect(storage.length).toBe(1);
    storage.clear();
    expect(storage.length).toBe(0);
  });

  it('reads, writes and deletes keys as properties, and lists them', () => {
    const { storage, changes } = make();
    storage.theme = 'dark';
    storage.count = 3;
    expect(storage.getItem('count')).toBe('3');
    expect(storage.theme).toBe('dark');
    expect('theme' in storage).toBe(true);
    expect(Object.keys(storage)).toEqual(['theme', 'count']);
    expect(JSON.stringify(storage)).toBe('{"theme":"dark","count":"3"}');
    delete storage.theme;
    expect(storage.getItem('theme')).toBeNull();
    expect(changes).toEqual([
      { kind: 'set', key: 'theme', value: 'dark' },
      { kind: 'set', key: 'count', value: '3' },
      { kind: 'remove', key: 'theme' },
    ]);
  });

  it('keeps prototype names as plain keys: methods and length still win on property reads', () => {
    const { storage } = make();
    for (const key of ['__proto__', 'constructor', 'length', 'getItem', 'hasOwnProperty', 'toString'])
      storage.setItem(key, `v-${key}`);
    // As `localStorage.__proto__ = …` does: the proxy's set trap.
    Reflect.set(storage, '__proto__', 'by property');
    expect(storage.getItem('__proto__')).toBe('by property');
    expect(storage.getItem('length')).toBe('v-length');
    expect(storage.length).toBe(6);
    expect(typeof storage.getItem).toBe('function');
    expect(Object.getPrototypeOf(storage)).not.toBe(null);
    expect(Object.setPrototypeOf.bind(null, storage, null)).toThrow(TypeError);
    expect(storage.getItem('toString')).toBe('v-toString');
    expect(`${storage.key(0)}`).toBe('__proto__');
  });

  it('throws QuotaExceededError past 5 MiB of UTF-16 code units, by method or property, keeping the old value', () => {
    const { storage, changes } = make();
    const quota = WEB_STORAGE_LIMITS.localQuotaUnits;
    storage.setItem('k', 'x'.repeat(quota - 1));
    expect(() => storage.setItem('l', 'y')).toThrow(expect.objectContaining({ name: 'QuotaExceededError' }));
    expect(() => {
      storage.k = 'x'.repeat(quota);
    }).toThrow(DOMException);
    // Huge keys count too.
    expect(() => storage.setItem('k'.repeat(2), '')).toThrow(DOMException);
    expect(storage.getItem('k')?.length).toBe(quota - 1);
    // A replaced value frees its old size.
    storage.setItem('k', 'z');
    storage.setItem('l'.repeat(1000), 'y');
    expect(changes).toHaveLength(3);
  });

  it('takes what another copy stored without reporting it back', () => {
    const { area, storage, changes } = make(10);
    expect(area.receive('a', '12345678')).toBeNull();
    expect(storage.a).toBe('12345678');
    expect(() => storage.setItem('b', 'xx')).toThrow(DOMException);
    expect(area.receive('a', null)).toBe('12345678');
    storage.setItem('b', 'xx');
    expect(changes).toEqual([{ kind: 'set', key: 'b', value: 'xx' }]);
  });
});
