import { createElement, type ElementType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ModuleLoader } from './ModuleLoader.ts';
import { providedModules } from './providedModules.ts';

const WARM_FILES = {
  'src/Warm.tsx':
    "import { useState } from 'react';\nimport './warm.css';\n" +
    'export default function Warm(p: { n?: number }) {\n' +
    '  const [n] = useState<number>(p.n ?? 1);\n  return <div className="x">{n}</div>;\n}\n',
  'src/warm.css': '',
};

/**
 * A warm frame spends its wait on first-time costs: Sucrase's JIT-cold transform (~20 ms), the loader's
 * eval and React's first render, all on a throwaway module rendered into a detached node.
 */
export function warmUp(): void {
  try {
    const loader = new ModuleLoader(WARM_FILES, providedModules(undefined), () => {});
    const Warm = (loader.load('src/Warm.tsx') as { default: ElementType }).default;
    const root = createRoot(document.createElement('div'));
    flushSync(() => root.render(createElement(Warm)));
    root.unmount();
  } catch {
    // Warming is an optimisation: a failure here must never stop the frame from running its app.
  }
}
