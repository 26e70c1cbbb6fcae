/**
 * What the app probe and the package probe share (plain JS): the CSP directives seen violated, `show`,
 * `attempt(fn)` (records `{ok, value}` or `{ok: false, error: <name>, message}`) and `wait(ms)`.
 */
export const PROBE_PRELUDE = `const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective));
const show = (v) =>
  v === undefined ? 'undefined' : v === null || ['string', 'number', 'boolean'].includes(typeof v) ? v : String(v);
async function attempt(fn) {
  try {
    return { ok: true, value: show(await fn()) };
  } catch (e) {
    return { ok: false, error: e && typeof e.code === 'string' ? e.code : (e && e.name) || String(e), message: String((e && e.message) || e).slice(0, 200) };
  }
}
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));`;

/** The app's component: runs `call` (a Promise of the outcome) once after mount and renders it as JSON. */
export function probeRenderer(call: string): string {
  return `export default function App() {
  const [result, setResult] = useState(null);
  useEffect(() => {
    ${call}.then(setResult, (e) => setResult({ fatal: String(e) }));
  }, []);
  return result ? <pre data-probe="">{JSON.stringify(result)}</pre> : <p>probing</p>;
}
`;
}

/**
 * A hostile app: `body` runs once after mount (inside an async function, plain JS) with `out`,
 * `attempt(fn)` (records `{ok, value}` or `{ok: false, error: <name>, message}`), `wait(ms)` and
 * `sdk` (`@room/sdk`) in scope; the app then renders `out` as JSON into `<pre data-probe>`, plus the
 * CSP directives the frame saw violated.
 */
export function probeApp(body: string, extra: Record<string, string> = {}): Record<string, string> {
  const app = `import { useEffect, useState } from 'react';
import * as sdk from '@room/sdk';

${PROBE_PRELUDE}

async function probe() {
  const out = {};
${body}
  out.violations = [...new Set(violations)].sort();
  return out;
}

${probeRenderer('probe()')}`;
  return { 'src/App.tsx': app, ...extra };
}

/** A plain app that renders `text` and a tick counter (a live sibling). */
export function tickerApp(text: string): Record<string, string> {
  return {
    'src/App.tsx': `import { useEffect, useState } from 'react';
export default function App() {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((n) => n + 1), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <main>
      <p>${text}</p>
      <output data-ticks="">{ticks}</output>
    </main>
  );
}
`,
  };
}

/**
 * A hostile app that acts on the person's click: `body` runs (as in {@link probeApp}) when its **Go**
 * button is pressed, inside the click's activation, and the app then renders `out` as JSON.
 */
export function clickProbeApp(body: string): Record<string, string> {
  return {
    'src/App.tsx': `import { useState } from 'react';
import * as sdk from '@room/sdk';

${PROBE_PRELUDE}

async function probe() {
  const out = {};
${body}
  out.violations = [...new Set(violations)].sort();
  return out;
}

export default function App() {
  const [result, setResult] = useState(null);
  const go = () => probe().then(setResult, (e) => setResult({ fatal: String(e) }));
  return result ? <pre data-probe="">{JSON.stringify(result)}</pre> : <button onClick={go}>Go</button>;
}
`,
  };
}
