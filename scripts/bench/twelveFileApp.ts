/** A realistic 12-file app (components, hooks, utilities, JSON, CSS) for the open-tab bench. */
export const TWELVE_FILE_APP: Record<string, string> = {
  'src/App.tsx': `import { useMemo, useState } from 'react';
import './styles.css';
import { Board } from './components/Board';
import { Filter } from './components/Filter';
import { Header } from './components/Header';
import seed from './data/cards.json';
import { useTicker } from './hooks/useTicker';
import type { Card } from './types';

export default function App() {
  const [query, setQuery] = useState('');
  const now = useTicker(1000);
  const cards = useMemo(() => (seed as Card[]).filter((c) => c.title.toLowerCase().includes(query)), [query]);
  return (
    <main className="app">
      <Header count={cards.length} now={now} />
      <Filter value={query} onChange={setQuery} />
      <Board cards={cards} />
    </main>
  );
}
`,
  'src/types.ts': `export type Column = 'todo' | 'doing' | 'done';
export interface Card {
  id: number;
  title: string;
  column: Column;
  owner: string;
  estimate: number;
}
`,
  'src/components/Board.tsx': `import { COLUMNS } from '../lib/columns';
import type { Card } from '../types';
import { ColumnView } from './ColumnView';

export function Board({ cards }: { cards: Card[] }) {
  return (
    <section className="board">
      {COLUMNS.map((c) => (
        <ColumnView key={c.id} title={c.title} cards={cards.filter((card) => card.column === c.id)} />
      ))}
    </section>
  );
}
`,
  'src/components/ColumnView.tsx': `import { total } from '../lib/estimate';
import type { Card } from '../types';
import { CardView } from './CardView';

export function ColumnView({ title, cards }: { title: string; cards: Card[] }) {
  return (
    <div className="column">
      <h2>
        {title} <small>{total(cards)} pts</small>
      </h2>
      {cards.map((card) => (
        <CardView key={card.id} card={card} />
      ))}
    </div>
  );
}
`,
  'src/components/CardView.tsx': `import { initials } from '../lib/format';
import type { Card } from '../types';

export function CardView({ card }: { card: Card }) {
  return (
    <article className="card">
      <span className="avatar">{initials(card.owner)}</span>
      <p>{card.title}</p>
      <span className="estimate">{card.estimate}</span>
    </article>
  );
}
`,
  'src/components/Filter.tsx': `export function Filter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <label className="filter">
      Filter <input value={value} onChange={(e) => onChange(e.target.value.toLowerCase())} />
    </label>
  );
}
`,
  'src/components/Header.tsx': `import { clock } from '../lib/format';

export function Header({ count, now }: { count: number; now: Date }) {
  return (
    <header className="header">
      <h1>Team board</h1>
      <span>
        {count} cards · {clock(now)}
      </span>
    </header>
  );
}
`,
  'src/hooks/useTicker.ts': `import { useEffect, useState } from 'react';

export function useTicker(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
`,
  'src/lib/columns.ts': `import type { Column } from '../types';

export const COLUMNS: { id: Column; title: string }[] = [
  { id: 'todo', title: 'To do' },
  { id: 'doing', title: 'Doing' },
  { id: 'done', title: 'Done' },
];
`,
  'src/lib/estimate.ts': `import type { Card } from '../types';

export const total = (cards: Card[]): number => cards.reduce((sum, c) => sum + c.estimate, 0);
`,
  'src/lib/format.ts': `export const initials = (name: string): string =>
  name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .toUpperCase();

export const clock = (d: Date): string =>
  [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
`,
  'src/data/cards.json': JSON.stringify(
    Array.from({ length: 24 }, (_, i) => ({
      id: i + 1,
      title: `Task ${i + 1}: ${['ship', 'review', 'plan', 'fix'][i % 4]} the ${['launcher', 'frame', 'store'][i % 3]}`,
      column: ['todo', 'doing', 'done'][i % 3],
      owner: ['Ada Lovelace', 'Grace Hopper', 'Linus Torvalds'][i % 3],
      estimate: (i % 5) + 1,
    })),
    null,
    2,
  ),
  'src/styles.css': `.app { font: 14px/1.4 system-ui, sans-serif; padding: 12px; }
.header { display: flex; justify-content: space-between; align-items: baseline; }
.filter input { margin-left: 6px; }
.board { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin-top: 8px; }
.column { background: #f4f4f6; border-radius: 6px; padding: 8px; }
.card { display: flex; gap: 6px; align-items: center; background: white; border-radius: 4px; padding: 6px; margin: 4px 0; }
.avatar { background: #335; color: white; border-radius: 50%; width: 24px; height: 24px; display: grid; place-items: center; font-size: 11px; }
.estimate { margin-left: auto; color: #666; }
`,
};
