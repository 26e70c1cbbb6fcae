import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blankLiterals, hasDefaultExport } from './defaultExport.ts';

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
    ['obj.export default'],
    [''],
  ])('finds none in %j', (src) => expect(hasDefaultExport(src)).toBe(false));

  it('keeps code outside literals and line structure', () => {
    const out = blankLiterals("a = 'x'; // c\nb = /re/g; c = 4 / 2 / 1;");
    expect(out).toBe('a =    ;     \nb =     g; c = 4 / 2 / 1;');
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
    const disagree = apps.filter(([, src]) => hasDefaultExport(src) !== anchored(src)).map(([p]) => p);
    expect(disagree).toEqual([]);
  });
});
