/** App file maps the runtime specs run: each exercises one part of the snippet contract. */

const app = (body: string) => ({ 'src/App.tsx': body });

/** Folders, index files, a re-export, JSON, CSS in import order, a circular pair and a lazy import(). */
export const KITCHEN_SINK = {
  'src/App.tsx': [
    "import { useEffect, useState } from 'react';",
    "import './base.css';",
    "import { label } from './lib';",
    "import config from './config.json';",
    "import { isEven } from './cycle/even';",
    "import './theme.css';",
    '',
    'export default function App() {',
    "  const [lazy, setLazy] = useState<string>('pending');",
    '  useEffect(() => {',
    "    void import('./Lazy').then((m) => setLazy(m.default()));",
    '  }, []);',
    '  return (',
    '    <main>',
    '      <p id="label">{label(\'multi\')}</p>',
    '      <p id="json">{config.title}</p>',
    '      <p id="cycle">even(10) = {String(isEven(10))}</p>',
    '      <p id="lazy">{lazy}</p>',
    '      <p id="css" className="painted">styled</p>',
    '    </main>',
    '  );',
    '}',
  ].join('\n'),
  'src/lib/index.ts': "export { label } from './label';\n",
  'src/lib/label.ts': 'export const label = (s: string): string => `label:${s}`;\n',
  'src/config.json': '{ "title": "from json" }\n',
  'src/cycle/even.ts':
    "import { isOdd } from './odd';\nexport function isEven(n: number): boolean {\n  return n === 0 ? true : isOdd(n - 1);\n}\n",
  'src/cycle/odd.ts':
    "import { isEven } from './even';\nexport function isOdd(n: number): boolean {\n  return n === 0 ? false : isEven(n - 1);\n}\n",
  'src/Lazy.tsx': "export default (): string => 'lazy loaded';\n",
  'src/base.css': '.painted { color: rgb(200, 0, 0); font-weight: 700; }\n',
  'src/theme.css': '.painted { color: rgb(0, 128, 0); }\n',
};

/** One app per error kind, with the location the error must point at. */
export const ERROR_APPS: Record<string, { files: Record<string, string>; code: string; at: string }> = {
  'Compile error': {
    files: app('export default function App() {\n  const x = ;\n  return <p>{x}</p>;\n}\n'),
    code: 'compile_error',
    at: 'src/App.tsx:2:13',
  },
  'Unresolved import': {
    files: app(
      "import { nope } from './nowhere';\nexport default function App() {\n  return <p>{nope}</p>;\n}\n",
    ),
    code: 'unresolved_import',
    at: 'src/App.tsx:1:',
  },
  'Render error': {
    files: app(
      "function Broken() {\n  throw new Error('render failed');\n}\nexport default function App() {\n  return <Broken />;\n}\n",
    ),
    code: 'runtime_error',
    at: 'src/App.tsx:2:',
  },
  'Effect error': {
    files: app(
      "import { useEffect } from 'react';\nexport default function App() {\n  useEffect(() => {\n    throw new Error('effect failed');\n  }, []);\n  return <p>effect</p>;\n}\n",
    ),
    code: 'runtime_error',
    at: 'src/App.tsx:4:',
  },
};

/** Throws from a click handler, on line 4. */
export const HANDLER_ERROR = app(
  'export default function App() {\n  return (\n    <button type="button" onClick={() => {\n      throw new Error(\'handler failed\');\n    }}>\n      Break\n    </button>\n  );\n}\n',
);

/** No default export: the runtime must say so (proposals require one, so this runs through the harness). */
export const NO_DEFAULT = app('export function App() {\n  return <p>no default</p>;\n}\n');

/** Counts clicks: its state must survive tab switches. */
export const COUNTER = app(
  'import { useState } from \'react\';\nexport default function App() {\n  const [n, setN] = useState(0);\n  return <button type="button" onClick={() => setN(n + 1)}>Count: {n}</button>;\n}\n',
);

/** Ticks ten times a second: proof that an app keeps running. */
export const TICKER = app(
  'import { useEffect, useState } from \'react\';\nexport default function App() {\n  const [n, setN] = useState(0);\n  useEffect(() => {\n    const id = setInterval(() => setN((v) => v + 1), 100);\n    return () => clearInterval(id);\n  }, []);\n  return <p id="ticks">{n}</p>;\n}\n',
);

/** Spins forever once its button is pressed. */
export const SPINNER = app(
  'export default function App() {\n  return (\n    <button type="button" onClick={() => {\n      for (;;) {}\n    }}>\n      Spin\n    </button>\n  );\n}\n',
);

/** Reloads its own frame: the host must revoke its port and stop it. */
export const SELF_NAVIGATOR = app(
  'export default function App() {\n  return <button type="button" onClick={() => location.reload()}>Leave</button>;\n}\n',
);

/** A static paragraph, for process counting. */
export const HELLO = app('export default function App() {\n  return <p>hello</p>;\n}\n');
