import { entryUnits, WEB_STORAGE_LIMITS } from '../webStorageLimits.ts';

/** What the area reports after each change it accepted, in order (the `localStorage` sync sends them on). */
export type AreaChange =
  | { kind: 'set'; key: string; value: string }
  | { kind: 'remove'; key: string }
  | { kind: 'clear' };

/**
 * The data behind one `Storage` object (`localStorage` or `sessionStorage`): string keys and values in
 * insertion order, with the browser's quota in UTF-16 code units.
 */
export class StorageArea {
  readonly items = new Map<string, string>();
  private units = 0;

  constructor(
    private readonly onChange: (change: AreaChange) => void = () => {},
    private readonly quotaUnits: number = WEB_STORAGE_LIMITS.localQuotaUnits,
  ) {}

  get length(): number {
    return this.items.size;
  }

  get(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  set(key: string, value: string): void {
    const old = this.items.get(key);
    if (old === value) return;
    const units = this.units - (old === undefined ? 0 : entryUnits(key, old)) + entryUnits(key, value);
    if (units > this.quotaUnits) {
      throw new DOMException(
        `Setting the value of '${key.slice(0, 100)}' exceeded the quota: this app may keep ${this.quotaUnits} characters here`,
        'QuotaExceededError',
      );
    }
    this.units = units;
    this.items.set(key, value);
    this.onChange({ kind: 'set', key, value });
  }

  remove(key: string): void {
    const old = this.items.get(key);
    if (old === undefined) return;
    this.units -= entryUnits(key, old);
    this.items.delete(key);
    this.onChange({ kind: 'remove', key });
  }

  clear(): void {
    if (this.items.size === 0) return;
    this.items.clear();
    this.units = 0;
    this.onChange({ kind: 'clear' });
  }

  /** Applies what another copy of the app stored (never reported back); returns the old value. */
  receive(key: string, value: string | null): string | null {
    const old = this.items.get(key) ?? null;
    if (old !== null) this.units -= entryUnits(key, old);
    if (value === null) this.items.delete(key);
    else {
      this.items.set(key, value);
      this.units += entryUnits(key, value);
    }
    return old;
  }
}

const areas = new WeakMap<object, StorageArea>();
const areaOfThis = (self: object): StorageArea => {
  const area = areas.get(self);
  if (!area) throw new TypeError('Illegal invocation');
  return area;
};

/** The methods of a `Storage`: named keys never shadow them, as in a page. */
class RoomStorage {
  get length(): number {
    return areaOfThis(this).length;
  }
  key(index: number): string | null {
    const area = areaOfThis(this);
    const i = Math.trunc(Number(index));
    if (!(i >= 0 && i < area.length)) return null;
    let n = 0;
    for (const key of area.items.keys()) if (n++ === i) return key;
    return null;
  }
  getItem(key: string): string | null {
    return areaOfThis(this).get(String(key));
  }
  setItem(key: string, value: string): void {
    areaOfThis(this).set(String(key), String(value));
  }
  removeItem(key: string): void {
    areaOfThis(this).remove(String(key));
  }
  clear(): void {
    areaOfThis(this).clear();
  }
}

// `localStorage instanceof Storage` holds, as code written for a page expects.
if (typeof Storage !== 'undefined') {
  Object.setPrototypeOf(RoomStorage.prototype, Storage.prototype);
  Object.defineProperty(RoomStorage.prototype, 'constructor', { value: Storage });
}

const own = (value: string): PropertyDescriptor => ({
  value,
  writable: true,
  enumerable: true,
  configurable: true,
});

/**
 * A `Storage` object over `area`: methods, `length`, and keys as properties (`s.x = 1` stores `'1'`,
 * `delete s.x` removes it, `Object.keys(s)` lists them), as the browser's named properties behave.
 */
export function createStorage(area: StorageArea): Storage {
  const target = new RoomStorage();
  const proxy = new Proxy(target, {
    get(t, prop, receiver) {
      // Methods and `length` win over stored keys (as in a page); any other name reads the stored key.
      if (typeof prop === 'symbol' || prop in t) return Reflect.get(t, prop, receiver);
      return area.items.get(prop);
    },
    set(t, prop, value) {
      if (typeof prop === 'symbol') return Reflect.set(t, prop, value);
      area.set(prop, String(value));
      return true;
    },
    deleteProperty(t, prop) {
      if (typeof prop === 'symbol') return Reflect.deleteProperty(t, prop);
      area.remove(prop);
      return true;
    },
    has(t, prop) {
      return (typeof prop === 'string' && area.items.has(prop)) || prop in t;
    },
    ownKeys() {
      return [...area.items.keys()];
    },
    getOwnPropertyDescriptor(_t, prop) {
      if (typeof prop !== 'string') return undefined;
      const value = area.items.get(prop);
      return value === undefined ? undefined : own(value);
    },
    defineProperty(t, prop, descriptor) {
      if (typeof prop === 'symbol') return Reflect.defineProperty(t, prop, descriptor);
      area.set(prop, String(descriptor.value));
      return true;
    },
    // Its prototype stays Storage's: an app cannot swap it to reach past the methods.
    setPrototypeOf: () => false,
  });
  areas.set(proxy, area);
  areas.set(target, area);
  return proxy as unknown as Storage;
}
