/**
 * `@room/sdk` inside the Sandpack bundler frame, as module source. It speaks the same `sdk-call` /
 * `sdk-result` messages as the Sucrase frame's SDK, over `window.parent.postMessage`: the bundler frame
 * has no port, so the host keys it by `event.source` (runtime/host/sandpack/connectSandpackFrame.ts).
 */
export const SDK_MODULE = `import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

let nextId = 1;
const pending = new Map();
const watchers = new Set();

window.addEventListener('message', (event) => {
  if (event.source !== window.parent) return;
  const m = event.data;
  if (!m || typeof m !== 'object') return;
  if (m.type === 'sdk-result' && pending.has(m.id)) {
    const { resolve, reject } = pending.get(m.id);
    pending.delete(m.id);
    if (m.ok) resolve(m.value);
    else reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
  } else if (m.type === 'storage-changed') {
    for (const w of watchers) w(m.key);
  } else if (m.type === 'theme') {
    setTheme(m.theme);
  }
});

// The launcher's theme: on <html> as --room-* variables and color-scheme, and through useTheme().
let theme = { theme: 'light', tokens: {} };
const themeWatchers = new Set();
function setTheme(next) {
  if (!next || (next.theme !== 'light' && next.theme !== 'dark') || typeof next.tokens !== 'object') return;
  theme = next;
  const root = document.documentElement;
  for (const [k, v] of Object.entries(next.tokens)) root.style.setProperty('--room-' + k, String(v));
  root.style.colorScheme = next.theme;
  root.dataset.theme = next.theme;
  for (const w of themeWatchers) w();
}

function call(method, params) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    window.parent.postMessage({ type: 'sdk-call', id, method, params }, '*');
  });
}

call('theme.get', {}).then(setTheme, () => {});

export function useTheme() {
  return useSyncExternalStore(
    (w) => { themeWatchers.add(w); return () => themeWatchers.delete(w); },
    () => theme,
  );
}

export const files = {
  save: (name, data, type) => {
    let bytes = data;
    if (typeof data === 'string') bytes = new TextEncoder().encode(data);
    else if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
    else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    else return Promise.reject(Object.assign(new Error('files.save takes text or bytes'), { code: 'invalid_value' }));
    return call('files.save', type === undefined ? { name, data: bytes } : { name, data: bytes, type }).then(() => undefined);
  },
};

function changed(key) {
  for (const w of watchers) w(key);
}

export const storage = {
  get: (key) => call('storage.get', { key }),
  set: async (key, value) => { await call('storage.set', { key, value }); changed(key); },
  delete: async (key) => { await call('storage.delete', { key }); changed(key); },
  keys: () => call('storage.keys', {}),
  clear: async () => { await call('storage.clear', {}); changed(null); },
};

export function useStoredState(key, initial) {
  const [state, setState] = useState({ value: initial, loading: true, error: undefined });
  const read = useCallback(() => {
    storage.get(key).then(
      (v) => setState({ value: v === undefined ? initial : v, loading: false, error: undefined }),
      (e) => setState((s) => ({ ...s, loading: false, error: e.code ?? 'internal' })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    read();
    const w = (k) => { if (k === null || k === key) read(); };
    watchers.add(w);
    return () => { watchers.delete(w); };
  }, [key, read]);
  const setValue = useCallback((next) => {
    setState((s) => {
      const value = typeof next === 'function' ? next(s.value) : next;
      call('storage.set', { key, value }).then(
        () => changed(key),
        (e) => { setState((t) => ({ ...t, error: e.code ?? 'internal' })); read(); },
      );
      return { value, loading: false, error: undefined };
    });
  }, [key, read]);
  return [state.value, setValue, { loading: state.loading, error: state.error }];
}
`;
