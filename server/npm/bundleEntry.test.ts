import { describe, expect, it } from 'vitest';
import { bundleEntry } from './bundleEntry.ts';

describe('bundleEntry', () => {
  it('re-exports exactly the bindings the app imports, per specifier, subpaths included', () => {
    const entry = bundleEntry({
      'src/App.tsx': [
        "import { format, addDays } from 'date-fns';",
        "import parse from 'date-fns/parse';",
        "import * as Icons from 'icons';",
        "import 'polyfill';",
        "import { useState } from 'react';",
      ].join('\n'),
    });
    expect(entry?.specifiers).toEqual(['date-fns', 'date-fns/parse', 'icons', 'polyfill']);
    expect(entry?.code).toBe(
      [
        'import { addDays as b0_0, format as b0_1 } from "date-fns";',
        'import { default as d1 } from "date-fns/parse";',
        'import * as n2 from "icons";',
        'import "polyfill";',
        'export default { "date-fns": { __esModule: true, "addDays": b0_0, "format": b0_1 },',
        '  "date-fns/parse": { __esModule: true, default: d1 },',
        '  "icons": { __esModule: true, ...n2 },',
        '  "polyfill": { __esModule: true } };',
        '',
      ].join('\n'),
    );
  });

  it('is null for an app that imports only provided modules', () => {
    expect(bundleEntry({ 'src/App.tsx': "import { useState } from 'react';" })).toBeNull();
  });
});
