import { describe, expect, it } from 'vitest';
import { tailwindUse } from './tailwindUse.ts';

const APP = 'export default () => <div className="p-4">x</div>;\n';

describe('tailwindUse', () => {
  it('is on when the app CSS imports tailwindcss, naming the sheets', () => {
    expect(
      tailwindUse({ 'src/App.tsx': APP, 'src/index.css': '@import "tailwindcss";\n.x{}', 'src/b.css': '' }),
    ).toEqual({ on: true, reason: 'css-import', sheets: ['src/index.css'] });
    expect(tailwindUse({ 'src/App.tsx': APP, 'src/a.css': "@import 'tailwindcss/preflight';" }).on).toBe(
      true,
    );
  });

  it('is on when package.json lists tailwindcss, even beside CSS of its own', () => {
    const pkg = JSON.stringify({ devDependencies: { tailwindcss: '^4.0.0' } });
    expect(tailwindUse({ 'src/App.tsx': APP, 'package.json': pkg, 'src/a.css': '.a{}' })).toEqual({
      on: true,
      reason: 'package-json',
    });
    expect(tailwindUse({ 'src/App.tsx': APP, 'package.json': '{not json', 'src/a.css': '' }).on).toBe(false);
  });

  it('is on for an app with no CSS that styles by class names', () => {
    expect(tailwindUse({ 'src/App.tsx': APP })).toEqual({ on: true, reason: 'no-css' });
  });

  it('is off for an app with CSS of its own, and for one with no CSS and no class names', () => {
    expect(
      tailwindUse({ 'src/App.tsx': '<div className="container hidden" />', 'src/App.css': '.hidden{}' }),
    ).toEqual({ on: false, reason: 'own-css' });
    expect(tailwindUse({ 'src/App.tsx': 'export default () => <p style={{ margin: 0 }}>x</p>;' })).toEqual({
      on: false,
      reason: 'no-class-names',
    });
    // A comment naming tailwind is not an import.
    expect(tailwindUse({ 'src/App.tsx': APP, 'src/a.css': '/* tailwindcss */ .a{}' }).on).toBe(false);
  });
});
