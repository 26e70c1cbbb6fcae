/** Apps that keep data in both `@room/sdk` and `localStorage`, for the export/import and backup e2e tests. */

/** Values no request may carry: the data stays in the browser and the files the person holds. */
export const MARK = { sdk: 'milk-7f3a', local: 'eggs-7f3a' } as const;

/** Shows what it keeps; "Add" stores one SDK value and one `localStorage` value, both marked with `tag`. */
export const pantryApp = (tag: string) => `import { useState } from 'react';
import { useStoredState } from '@room/sdk';

export default function App() {
  const [items, setItems, { loading }] = useStoredState('items', []);
  const [note, setNote] = useState(localStorage.getItem('note') ?? 'none');
  const add = () => {
    setItems([...items, '${MARK.sdk}-${tag}']);
    localStorage.setItem('note', '${MARK.local}-${tag}');
    setNote(localStorage.getItem('note'));
  };
  return (
    <main>
      <p data-testid="sdk">{loading ? 'loading' : 'SDK: ' + (items.join(', ') || 'none')}</p>
      <p data-testid="local">Local: {note}</p>
      <button onClick={add}>Add</button>
    </main>
  );
}
`;
