import { useEffect, useState } from 'react';
import './styles.css';

const TEAM = ['Ada', 'Grace', 'Linus', 'Margaret', 'Tim'];
const SECONDS_EACH = 90;

export default function App() {
  const [current, setCurrent] = useState(0);
  const [left, setLeft] = useState(SECONDS_EACH);
  const [running, setRunning] = useState(true);
  const done = current >= TEAM.length;

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
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');

  return (
    <main className="standup">
      <h1>Standup timer</h1>
      {done ? (
        <p className="speaker">Everyone has spoken. Have a good day!</p>
      ) : (
        <>
          <p className="speaker">
            Now speaking: <strong>{TEAM[current]}</strong>
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
        {TEAM.map((name, i) => (
          <li key={name} className={i < current ? 'spoken' : i === current ? 'active' : ''}>
            {name}
          </li>
        ))}
      </ol>
    </main>
  );
}
