import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasDefaultExport } from './defaultExport.ts';

describe('hasDefaultExport', () => {
  it.each([
    ['export default function App() { return <p/>; }'],
    ['const App = () => null;\nexport default App;'],
    ['export default class extends React.Component {}'],
    ['function App() {}\nexport { App as default };'],
    ["export { default } from './Real';"],
    ["export { Other, App as default } from './x';"],
    ['export\ndefault () => null'],
    ["const s = 'it\\'s';\nexport default () => <p>Don't {s}</p>;"],
    // Misread by the regular-expression check this replaced: a quote in JSX text hid the next line.
    ["const A = () => <p>Don't</p>;\nexport default A;"],
    ["const A = () => <p>Don't</p>; export default A;"],
    ["import { memo } from 'react';\nfunction App() { return null; }\nexport default memo(App);"],
    ['export default class App extends React.Component { render() { return null; } }'],
    ['const App = () => null;\nexport {\n  App as default,\n};'],
    ['const re = /[/]export/; export { re, re as default };'],
  ])('finds %j', (src) => expect(hasDefaultExport(src)).toBe(true));

  it.each([
    ['export function App() {}'],
    ['// export default App\nexport const x = 1;'],
    ['/* export default App */'],
    ["const s = 'export default App';"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal
    ['const s = `export default ${1}`;'],
    ["export { default as Foo } from './x';"],
    ["export * from './App';"],
    ['const re = /export default/; export const x = re;'],
    ['export default interface Props { a: string }'],
    ['type App = 1;\nexport type { App as default };'],
    ["const t = <p>export default App; it's</p>;\nexport const x = t;"],
    [''],
  ])('finds none in %j', (src) => expect(hasDefaultExport(src)).toBe(false));

  it('says it cannot tell when the parser cannot read the file (the compiler reports where)', () => {
    expect(hasDefaultExport('obj.export default')).toBeUndefined();
  });
});

describe('on the react.dev corpus', () => {
  it('agrees with a line-anchored check on every App file', () => {
    const corpus = path.resolve(import.meta.dirname, '../fixtures/corpus/react-dev/examples.json');
    const { examples } = JSON.parse(fs.readFileSync(corpus, 'utf8')) as {
      examples: { files: Record<string, string> }[];
    };
    const apps = examples
      .flatMap((e) => Object.entries(e.files))
      .filter(([p]) => /App\.(jsx?|tsx?)$/.test(p));
    const anchored = (src: string) =>
      /^\s*export\s+default\b/m.test(src) || /^\s*export\s*\{[^}]*\bdefault\b/m.test(src);
    expect(apps.length).toBeGreaterThan(700);
    const read = apps.map(([p, src]) => ({ p, has: hasDefaultExport(src, p), anchored: anchored(src) }));
    expect(read.filter((r) => r.has !== undefined && r.has !== r.anchored).map((r) => r.p)).toEqual([]);
    // The lessons' deliberately broken JSX ("This doesn't quite work!"): the compiler reports those.
    expect(read.filter((r) => r.has === undefined).length).toBeLessThanOrEqual(3);
  });
});
