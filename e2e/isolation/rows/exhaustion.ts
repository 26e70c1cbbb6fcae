import { expect } from '@playwright/test';
import { launcherIntact } from '../assertions.ts';
import { probeApp, tickerApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import { openAndProbeUntouched, stallsDuring } from '../rowHelpers.ts';

const spinnerApp = (label: string, body: string) => ({
  'src/App.tsx': `import { useEffect } from 'react';
export default function App() {
  useEffect(() => {
    setTimeout(() => {
      ${body}
    }, 1500);
  }, []);
  return <p>${label}</p>;
}
`,
});

export const exhaustion: Row[] = [
  {
    id: 'R1',
    group: 'exhaustion',
    attempt: 'for (;;) {} 1.5 s after mount, while a second app is open',
    outcome:
      'the launcher answers page.evaluate < 500 ms; the second app keeps ticking; the watchdog stops the spinner: "This app stopped responding" + "Restart"',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: {
      main: () => spinnerApp('R1 spinner armed', 'for (;;) {}'),
      sibling: () => tickerApp('R1 sibling'),
    },
    async check(t) {
      await t.open('main');
      await expect(t.frame('main').getByText('R1 spinner armed')).toBeVisible();
      await t.open('sibling');
      const ticks = t.frame('sibling').locator('output[data-ticks]');
      await expect(ticks).not.toHaveText('0');
      await t.page.waitForTimeout(1600);
      const read = async () => Number(await ticks.textContent({ timeout: 2000 }));
      const first = await read();
      const samples = await stallsDuring(t, 1500);
      const second = await read();
      expect(second - first, 'sibling ticks while the other app spins').toBeGreaterThan(5);
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await t.page.getByRole('tab', { name: t.appName('main'), exact: true }).click();
      const panel = t.page.getByRole('tabpanel');
      await expect(panel.getByText('This app stopped responding')).toBeVisible({ timeout: 10_000 });
      await expect(panel.getByRole('button', { name: 'Restart' })).toBeVisible();
      await expect(t.iframe('main')).toHaveCount(0);
      expect(t.crashes).toEqual([]);
      expect(t.dialogs).toEqual([]);
    },
  },
  {
    id: 'R6',
    group: 'exhaustion',
    attempt: 'a tailwind.config.ts that spins forever as the frame evaluates it, before the first render',
    outcome:
      'the launcher answers < 500 ms and opens the other app; the watchdog stops the spinner: "This app stopped responding" + "Restart"',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: {
      main: () => ({
        'src/App.tsx':
          'import \'./index.css\';\nexport default () => <p className="p-4">R6 never shown</p>;\n',
        'src/index.css': '@tailwind base;\n@tailwind utilities;\n',
        'tailwind.config.ts': 'for (;;) {}\nexport default {};\n',
      }),
      sibling: () => tickerApp('R6 sibling'),
    },
    async check(t) {
      await t.page.goto(`/rooms/${t.roomId}?app=${t.appId('main')}`);
      const samples = await stallsDuring(t, 1500);
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      const panel = t.page.getByRole('tabpanel');
      await expect(panel.getByText('This app stopped responding')).toBeVisible({ timeout: 15_000 });
      await expect(panel.getByRole('button', { name: 'Restart' })).toBeVisible();
      await t.open('sibling');
      await expect(t.frame('sibling').locator('output[data-ticks]')).not.toHaveText('0');
      expect(t.crashes).toEqual([]);
    },
  },
  {
    id: 'R2',
    group: 'exhaustion',
    attempt: 'a memory bomb: allocate 8 MB arrays in a loop, 2 GB of them, then spin holding them',
    outcome: 'the launcher never crashes and answers < 500 ms; the watchdog stops the app',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: {
      main: () =>
        spinnerApp(
          'R2 bomb armed',
          // Not until the renderer gives out: Debian's Chromium 156.0.8078.129 reports the launcher page crashed
          // when an app frame's renderer runs out of memory (on this project's earlier commits too).
          'const keep = [];\n      for (let i = 0; i < 256; i++) keep.push(new Array(1 << 20).fill(1.5));\n      for (;;) {}',
        ),
    },
    async check(t) {
      await t.open();
      await expect(t.frame().getByText('R2 bomb armed')).toBeVisible();
      const samples = await stallsDuring(t, 3000);
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await expect(t.page.getByText('This app stopped responding')).toBeVisible({ timeout: 15_000 });
      await expect(t.page.getByRole('button', { name: 'Restart' })).toBeVisible();
      expect(t.crashes).toEqual([]);
      expect(await t.page.evaluate(() => document.querySelector('h1')?.textContent)).toBeTruthy();
    },
  },
  {
    id: 'R3',
    group: 'exhaustion',
    attempt: 'a timer storm: 10k zero-delay intervals, a rAF loop churning the DOM, 20k nodes',
    outcome: 'the launcher answers < 500 ms and switches tabs; the other app keeps ticking',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: {
      main: () =>
        probeApp(`
  for (let i = 0; i < 10000; i++) setInterval(() => Math.sqrt(i), 0);
  const churn = () => {
    for (let j = 0; j < 2000; j++) document.body.appendChild(document.createElement('span')).remove();
    requestAnimationFrame(churn);
  };
  requestAnimationFrame(churn);
  const many = document.createElement('div');
  for (let i = 0; i < 20000; i++) many.appendChild(document.createElement('i'));
  document.body.append(many);
  out.armed = true;
`),
      sibling: () => tickerApp('R3 sibling'),
    },
    async check(t) {
      await t.open('main');
      const samples = await stallsDuring(t, 2000);
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await t.open('sibling');
      await expect(t.page.getByRole('tab', { name: t.appName('sibling'), exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const ticks = t.frame('sibling').locator('output[data-ticks]');
      const before = Number(await ticks.textContent());
      await expect.poll(async () => Number(await ticks.textContent())).toBeGreaterThan(before + 3);
      expect(t.crashes).toEqual([]);
    },
  },
  {
    id: 'R4',
    group: 'exhaustion',
    attempt: 'alert / confirm / prompt / print in a 200-round loop',
    outcome:
      'no dialog ever appears (no gesture: the runtime answers without asking); confirm is false, prompt null; the launcher answers < 500 ms',
    apps: {
      main: () =>
        probeApp(`
  const started = performance.now();
  for (let i = 0; i < 200; i++) {
    alert('alert ' + i);
    out.confirm = confirm('confirm ' + i);
    out.prompt = prompt('prompt ' + i, 'x');
  }
  out.print = await attempt(() => print());
  out.ms = Math.round(performance.now() - started);
`),
    },
    async check(t) {
      const p = await openAndProbeUntouched(t, 2000);
      expect(t.dialogs).toEqual([]);
      expect(p.confirm).toBe(false);
      expect(p.prompt).toBeNull();
      expect(await t.hostStall()).toBeLessThan(500);
      await launcherIntact(t);
    },
  },
  {
    id: 'R5',
    group: 'exhaustion',
    attempt: '(static) two apps open side by side',
    outcome: 'one renderer process per app: opening both adds two renderers (CDP SystemInfo.getProcessInfo)',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: { main: () => tickerApp('R5 first'), other: () => tickerApp('R5 second') },
    async check(t) {
      await t.page.goto('/');
      await expect(t.page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
      const stable = async () => {
        let last = -1;
        let same = 0;
        while (same < 3) {
          const n = await t.renderers();
          same = n === last ? same + 1 : 0;
          last = n;
          await t.page.waitForTimeout(300);
        }
        return last;
      };
      const baseline = await stable();
      await t.open('main');
      await t.open('other');
      await expect(t.frame('main').getByText('R5 first')).toBeAttached();
      await expect(t.frame('other').getByText('R5 second')).toBeVisible();
      expect(await stable(), `renderers with both apps open (baseline ${baseline})`).toBe(baseline + 2);
    },
  },
];
