import { describe, expect, it } from 'vitest';
import { addedPackages, sandpackFiles } from './sandpackFiles.ts';

const DEPS = { 'date-fns': '4.4.0', react: '19.3.1', 'react-dom': '19.3.1' };

describe('sandpackFiles', () => {
  it('keeps paths under / so relative imports resolve, mounts src/App with our entry', () => {
    const out = sandpackFiles({ 'src/App.tsx': 'export default () => null;', 'src/lib/a.ts': 'x' }, DEPS);
    expect(out['/src/App.tsx']).toBe('export default () => null;');
    expect(out['/src/lib/a.ts']).toBe('x');
    expect(out['/index.tsx']).toContain("import App from './src/App';");
    expect(out['/index.tsx']).toContain("createRoot(document.getElementById('root')!)");
  });

  it("runs only the reviewed versions: the app's own package.json never reaches the bundler", () => {
    const out = sandpackFiles(
      { 'src/App.tsx': '', 'package.json': '{"dependencies":{"date-fns":"^2"}}' },
      DEPS,
    );
    expect(JSON.parse(out['/package.json'] ?? '{}').dependencies).toEqual(DEPS);
    expect(out['/package.json']).not.toContain('^2');
  });

  it("provides @room/sdk as a local package: the frame's SDK speaking sdk-call to the parent", () => {
    const out = sandpackFiles({ 'src/App.tsx': '' }, DEPS);
    expect(JSON.parse(out['/node_modules/@room/sdk/package.json'] ?? '{}').main).toBe('index.js');
    const sdk = out['/node_modules/@room/sdk/index.js'] ?? '';
    expect(sdk).toContain('type: "sdk-call"');
    expect(sdk).toMatch(/export \{[^}]*\buseStoredState\b[^}]*\}/);
    // The frame's own SDK: the in-flight bound and the value check come with it.
    expect(sdk).toContain('storage calls are waiting');
    expect(sdk).toMatch(/import \{[^}]*\} from "react"/);
  });

  it("never hands the bundler an app file under node_modules/: a bare 'react' or declared package stays the pinned one", () => {
    const out = sandpackFiles(
      {
        'src/App.tsx': "import { format } from 'date-fns';\nexport default () => format;",
        'node_modules/react/index.js': 'window.hijacked = true;',
        'node_modules/date-fns/package.json': '{"main":"x.js"}',
        'node_modules/@room/sdk/extra.js': 'x',
      },
      DEPS,
    );
    expect(
      Object.keys(out)
        .filter((p) => p.startsWith('/node_modules/'))
        .sort(),
    ).toEqual(['/node_modules/@room/sdk/index.js', '/node_modules/@room/sdk/package.json']);
  });

  it('runs a self-mounting src/index when there is no App', () => {
    expect(sandpackFiles({ 'src/index.tsx': '' }, DEPS)['/index.tsx']).toBe(
      "import './room-local-storage.js';\nimport '@room/sdk';\nimport './src/index';\n",
    );
  });

  it("hands the app's localStorage over as pairs in a JSON string, evaluated before @room/sdk", () => {
    const local: [string, string][] = [
      ['__proto__', '{"polluted":true}'],
      ['</script>', "'; alert(1); '"],
    ];
    const script =
      sandpackFiles({ 'src/App.tsx': '' }, DEPS, undefined, local)['/room-local-storage.js'] ?? '';
    const seen: Record<symbol, unknown> = {};
    new Function('globalThis', script)(seen);
    expect(seen[Symbol.for('room.localSnapshot')]).toEqual(local);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('addedPackages', () => {
  it('names what the app adds beyond React', () => {
    expect(addedPackages(DEPS)).toEqual(['date-fns']);
  });

  it('rewrites @/, paths, .svg and ?raw imports to canonical relative paths before the bundler sees them', () => {
    const out = sandpackFiles(
      {
        'src/App.tsx': [
          "import { Button } from '@/components/ui/button';",
          "import logo from './logo.svg';",
          "import notes from '~/notes.md?raw';",
          "const s = `import x from '@/not/an/import'`;",
          'export default () => <Button>{s}{logo}{notes}</Button>;',
        ].join('\n'),
        'src/components/ui/button.tsx':
          "import { cn } from '@/lib/utils';\nexport const Button = () => cn();",
        'src/lib/utils.ts': 'export const cn = () => 1;',
        'src/logo.svg': '<svg/>',
        'notes.md': '# hi',
        'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"], "~/*": ["./*"] } } }',
      },
      DEPS,
    );
    expect(out['/src/App.tsx']).toContain('import { Button } from "./components/ui/button.tsx";');
    expect(out['/src/App.tsx']).toContain('import logo from "./logo.svg.room-svg.js";');
    expect(out['/src/App.tsx']).toContain('import notes from "../notes.md.room-raw.js";');
    expect(out['/src/App.tsx']).toContain("`import x from '@/not/an/import'`");
    expect(out['/src/components/ui/button.tsx']).toContain('from "../../lib/utils.ts"');
    expect(out['/src/logo.svg.room-svg.js']).toBe(
      `export default ${JSON.stringify(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg/>')}`)};\n`,
    );
    expect(out['/notes.md.room-raw.js']).toBe('export default "# hi";\n');
  });

  it("applies the global CSS a template's src/main.tsx imports, and does not run it", () => {
    const out = sandpackFiles(
      {
        'src/App.tsx': 'export default () => null;',
        'src/main.tsx':
          "import { createRoot } from 'react-dom/client';\nimport './index.css';\nimport App from './App';\ncreateRoot(document.getElementById('root')!).render(<App />);",
        'src/index.css': 'body { color: red }',
      },
      DEPS,
    );
    expect(out['/index.tsx']).toContain("import './src/index.css';\nimport { createRoot }");
    expect(out['/index.tsx']).not.toContain('main');
  });
});
