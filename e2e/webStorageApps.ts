/**
 * Apps written as assistants write them, keeping data in `localStorage` and Claude artifacts'
 * `window.storage`, for the web storage e2e tests and the isolation rows.
 */

/** Counts visits in `localStorage` from its module's first line; shows `storage` events and the quota. */
export const visitCounter = (heading: string) => `import { useEffect, useState } from 'react';

const visits = Number(localStorage.getItem('visits') ?? '0') + 1;
localStorage.visits = String(visits);

export default function App() {
  const [heard, setHeard] = useState('none');
  const [note, setNote] = useState(localStorage.getItem('note') ?? 'empty');
  const [out, setOut] = useState('idle');
  useEffect(() => {
    const onStorage = (e) => {
      setHeard(e.key + '=' + e.newValue + ' was ' + e.oldValue + (e.storageArea === localStorage ? ' here' : ''));
      setNote(localStorage.getItem('note') ?? 'empty');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const write = (value) => {
    localStorage.setItem('note', value);
    setNote(value);
  };
  const fill = () => {
    try {
      localStorage.setItem('big', 'x'.repeat(5 * 1024 * 1024));
      setOut('no limit');
    } catch (e) {
      let viaProperty = 'no limit';
      try {
        localStorage.big = 'y'.repeat(5 * 1024 * 1024 - 10);
      } catch (p) {
        viaProperty = p.name;
      }
      setOut(e.name + ' ' + (e instanceof DOMException) + ' property ' + viaProperty + ' kept ' + localStorage.length);
    }
  };
  return (
    <main>
      <h1>${heading}</h1>
      <p data-testid="visits">Visit {visits}</p>
      <p data-testid="note">Note: {note}</p>
      <p data-testid="heard">Heard: {heard}</p>
      <p data-testid="out">{out}</p>
      <button onClick={() => write('from ' + document.title + ' ' + Date.now())}>Write note</button>
      <button onClick={fill}>Fill</button>
      <p data-testid="session">Session: {String(sessionStorage.getItem('s'))} {(sessionStorage.s = 'set', sessionStorage.length)}</p>
    </main>
  );
}
`;

/** A Claude artifact keeping a list in `window.storage`. */
export const ARTIFACT_APP = `import { useState } from 'react';

export default function App() {
  const [out, setOut] = useState('idle');
  const run = (make) =>
    make().then(
      (v) => setOut('ok ' + JSON.stringify(v)),
      (e) => setOut('error ' + (e instanceof Error) + ' ' + e.message),
    );
  return (
    <main>
      <button onClick={() => run(async () => [await window.storage.set('todo:1', 'milk'), await window.storage.set('todo:2', 'eggs'), await window.storage.set('other', 'x')])}>Store</button>
      <button onClick={() => run(() => window.storage.list('todo:'))}>List</button>
      <button onClick={() => run(() => window.storage.get('todo:2'))}>Get</button>
      <button onClick={() => run(() => window.storage.get('missing'))}>Get missing</button>
      <button onClick={() => run(() => window.storage.delete('todo:1'))}>Delete</button>
      <button onClick={() => run(() => window.storage.set('n', 42))}>Set number</button>
      <button onClick={() => run(() => window.storage.set('team', 'x', true))}>Share</button>
      <button onClick={() => run(() => window.storage.list('', true))}>List shared</button>
      <pre data-testid="out">{out}</pre>
    </main>
  );
}
`;
