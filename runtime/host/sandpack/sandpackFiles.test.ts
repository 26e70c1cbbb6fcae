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
});
