/** One small app two ways: through the `date-fns` package (the Sandpack fallback) and with that function as a local file (Sucrase). */
export const DATE_APP = {
  'src/App.tsx': `import { format } from 'date-fns';
import { Label } from './Label';

export default function App() {
  return <Label text={format(new Date(2020, 0, 2), 'yyyy-MM-dd')} />;
}
`,
  'src/Label.tsx': 'export function Label({ text }: { text: string }) {\n  return <h1>DATE {text}</h1>;\n}\n',
};

/** A module whose package needs Node's `buffer` (Sandpack polyfills it; a browser bundle cannot). */
export const NODE_BUILTINS_FILE = [
  "import { Buffer } from 'safe-buffer';",
  "if (Buffer.from('ok').toString('hex') !== '6f6b') throw new Error('Buffer is not polyfilled');",
  '',
].join('\n');

/**
 * The date-fns app made to need Sandpack: `safe-buffer` requires Node's `buffer`, which only the Sandpack
 * bundler polyfills, so the server's pre-build fails and the app runs (and is tested) in Sandpack.
 */
export const DATE_APP_SANDPACK = {
  ...DATE_APP,
  'src/App.tsx': DATE_APP['src/App.tsx'].replace("from './Label';", "from './Label';\nimport './bytes';"),
  'src/bytes.ts': NODE_BUILTINS_FILE,
};

export const DATE_APP_LOCAL = {
  ...DATE_APP,
  'src/App.tsx': DATE_APP['src/App.tsx'].replace("from 'date-fns'", "from './format'"),
  'src/format.ts': [
    "const pad = (n: number) => String(n).padStart(2, '0');",
    'export const format = (d: Date, _f: string) =>',
    "  [d.getFullYear(), pad(d.getMonth() + 1), pad(d.getDate())].join('-');",
    '',
  ].join('\n'),
};

/** The date-fns app with a named import and a subpath (`date-fns/formatISO`): the pre-bundled path's bench app. */
export const DATE_APP_SUBPATH = {
  ...DATE_APP,
  'src/App.tsx': `import { format } from 'date-fns';
import { formatISO } from 'date-fns/formatISO';
import { Label } from './Label';

export default function App() {
  const day = new Date(2020, 0, 2);
  return (
    <>
      <Label text={format(day, 'yyyy-MM-dd')} />
      <p>ISO {formatISO(day, { representation: 'date' })}</p>
    </>
  );
}
`,
};

/** The same app with both functions as a local file: no packages. */
export const DATE_APP_SUBPATH_LOCAL = {
  ...DATE_APP_LOCAL,
  'src/App.tsx': DATE_APP_SUBPATH['src/App.tsx'].replace(
    "import { format } from 'date-fns';\nimport { formatISO } from 'date-fns/formatISO';",
    "import { format, formatISO } from './format';",
  ),
  'src/format.ts': `${DATE_APP_LOCAL['src/format.ts']}export const formatISO = (d: Date, _o: object) => format(d, '');\n`,
};
