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

  it('provides @room/sdk as a local package speaking sdk-call to the parent', () => {
    const out = sandpackFiles({ 'src/App.tsx': '' }, DEPS);
    expect(JSON.parse(out['/node_modules/@room/sdk/package.json'] ?? '{}').main).toBe('index.js');
    expect(out['/node_modules/@room/sdk/index.js']).toContain("type: 'sdk-call'");
    expect(out['/node_modules/@room/sdk/index.js']).toContain('export function useStoredState');
  });

  it('runs a self-mounting src/index when there is no App', () => {
    expect(sandpackFiles({ 'src/index.tsx': '' }, DEPS)['/index.tsx']).toBe(
      "import '@room/sdk';\nimport './src/index';\n",
    );
  });
});

describe('addedPackages', () => {
  it('names what the app adds beyond React', () => {
    expect(addedPackages(DEPS)).toEqual(['date-fns']);
  });
});
