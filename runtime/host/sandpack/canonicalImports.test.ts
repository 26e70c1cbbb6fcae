import { describe, expect, it } from 'vitest';
import { canonicalImports } from './canonicalImports.ts';

describe('canonicalImports', () => {
  it('an SVG import is the image whatever file of the app already bears the module name, in any order', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    const app = "import logo from './logo.svg';\nexport default () => <img src={logo} />;\n";
    const hidden = "window.hidden = 'ran';\nexport default 'not an image';\n";
    for (const files of [
      { 'src/App.tsx': app, 'src/logo.svg': svg, 'src/logo.svg.room-svg.js': hidden },
      { 'src/logo.svg.room-svg.js': hidden, 'src/logo.svg': svg, 'src/App.tsx': app },
    ]) {
      const out = canonicalImports(files);
      expect(out['src/App.tsx']).toContain('"./logo.svg.room-svg.js"');
      expect(out['src/logo.svg.room-svg.js']).toBe(
        `export default ${JSON.stringify(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)};\n`,
      );
    }
  });
});
