import { useStoredState, useTheme } from '@room/sdk';
import { useEffect, useState } from 'react';
import './styles.css';

const TEAM = ['Ada', 'Grace', 'Linus', 'Margaret', 'Tim'];
const SECONDS_EACH = 90;

export default function App() {
  // The team list stays on this device between visits (and follows edits made in another tab).
  const [team, setTeam] = useStoredState<string[]>('team', TEAM);
  // The launcher's theme: the CSS reads its --room-* variables; the heading names it for the person.
  const { theme } = useTheme();
  const [draft, setDraft] = useState('');
  const [current, setCurrent] = useState(0);
  const [left, setLeft] = useState(SECONDS_EACH);
  const [running, setRunning] = useState(true);
  const done = current >= team.length;

  useEffect(() => {
    if (!running || done) return;
    const id = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(id);
  }, [running, done]);

  const next = () => {
    setCurrent((c) => c + 1);
    setLeft(SECONDS_EACH);
  };
  const reset = () => {
    setCurrent(0);
    setLeft(SECONDS_EACH);
    setRunning(true);
  };
  // Added by the button or by Enter in the field (onKeyDown below).
  const add = () => {
    const name = draft.trim();
    if (name && !team.includes(name)) setTeam([...team, name]);
    setDraft('');
  };
  const remove = (name: string) => setTeam(team.filter((n) => n !== name));
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');

  return (
    <main className="standup" data-theme={theme}>
      <h1>Standup timer</h1>
      {done ? (
        <p className="speaker">Everyone has spoken. Have a good day!</p>
      ) : (
        <>
          <p className="speaker">
            Now speaking: <strong>{team[current]}</strong>
          </p>
          <p className={left === 0 ? 'clock over' : 'clock'} aria-live="polite">
            {minutes}:{seconds}
          </p>
        </>
      )}
      <div className="controls">
        <button type="button" onClick={next} disabled={done}>
          Next
        </button>
        <button type="button" onClick={() => setRunning((r) => !r)} disabled={done}>
          {running ? 'Pause' : 'Resume'}
        </button>
        <button type="button" onClick={reset}>
          Reset
        </button>
      </div>
      <ol className="team">
        {team.map((name, i) => (
          <li key={name} className={i < current ? 'spoken' : i === current ? 'active' : ''}>
            <span>{name}</span>
            <button
              type="button"
              className="remove"
              aria-label={`Remove ${name}`}
              onClick={() => remove(name)}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <div className="add">
        <input
          className="add-field"
          aria-label="Teammate's name"
          placeholder="Add a teammate"
          value={draft}
          maxLength={40}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
        />
        <button type="button" className="add-button" onClick={add}>
          Add
        </button>
      </div>
    </main>
  );
}
