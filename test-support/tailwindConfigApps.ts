const V3_DIRECTIVES = '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n';

/** Tailwind v3 as generated code writes it: `@tailwind` directives, a tailwind.config.ts with theme.extend, v3's palette. */
export const V3_APP: Record<string, string> = {
  'src/App.tsx': `import './index.css';

export default function App() {
  return (
    <main id="main" className="p-13 bg-brand text-ink font-display">
      <h1 id="title">Version three</h1>
      <div id="card" className="mt-2 rounded-blob bg-brand-soft p-4 text-brand shadow">card</div>
      <p id="alert" className="bg-red-500 text-slate-900">alert</p>
    </main>
  );
}
`,
  'src/index.css': `${V3_DIRECTIVES}
@layer base {
  h1 { @apply text-3xl font-bold; }
}
.own { color: rgb(1, 2, 3); }
`,
  'tailwind.config.ts': `import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: { brand: { DEFAULT: '#0f766e', soft: '#ccfbf1' }, ink: '#fefce8' },
      fontFamily: { display: ['Georgia', 'serif'] },
      spacing: { 13: '3.25rem' },
      borderRadius: { blob: '1.25rem' },
    },
  },
  plugins: [],
} satisfies Config;
`,
};

/** shadcn/ui's theme: CSS variables under `@layer base`, colours naming them in a CommonJS config. */
export const SHADCN_APP: Record<string, string> = {
  'src/App.tsx': `import { useState } from 'react';
import './index.css';

export default function App() {
  const [n, setN] = useState(0);
  return (
    <div id="page" className="min-h-screen p-6">
      <button id="btn" type="button" className="rounded-md border bg-primary px-4 py-2 text-primary-foreground hover:bg-primary/90" onClick={() => setN(n + 1)}>
        Clicked {n}
      </button>
      <p id="muted" className="mt-4 text-muted-foreground">muted</p>
    </div>
  );
}
`,
  'src/index.css': `${V3_DIRECTIVES}
@layer base {
  :root {
    --background: 210 40% 96%;
    --foreground: 222.2 84% 4.9%;
    --primary: 262 83% 58%;
    --primary-foreground: 210 40% 98%;
    --muted-foreground: 215.4 16.3% 46.9%;
    --border: 0 84% 60%;
    --radius: 0.5rem;
  }
  .dark { --background: 222.2 84% 4.9%; }
  * { @apply border-border; }
  body { @apply bg-background text-foreground; }
}
`,
  'tailwind.config.js': `/** @type {import('tailwindcss').Config} */
module.exports = {
  darkMode: ['class'],
  content: ['./src/**/*.{js,jsx,ts,tsx}'],
  theme: {
    extend: {
      colors: {
        border: 'hsl(var(--border))',
        background: 'hsl(var(--background))',
        foreground: 'hsl(var(--foreground))',
        primary: { DEFAULT: 'hsl(var(--primary))', foreground: 'hsl(var(--primary-foreground))' },
        muted: { foreground: 'hsl(var(--muted-foreground))' },
      },
      borderRadius: { lg: 'var(--radius)', md: 'calc(var(--radius) - 2px)' },
    },
  },
  plugins: [],
};
`,
};
