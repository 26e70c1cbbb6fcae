import { createElement, type ElementType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { compileAhead, loadCompiler } from './compileApp.ts';
import { ModuleLoader } from './ModuleLoader.ts';
import { providedModules } from './providedModules.ts';

// Broad syntax, so Sucrase's tokenizer and each transform are compiled and optimised before an app arrives.
const SAMPLE_TSX = `import { useEffect, useMemo, useState, type ReactNode } from 'react';
import * as helpers from './helpers';
import Default, { named as renamed } from './other';
export type Id = string | number;
interface Props<T extends object = {}> { items?: readonly T[]; render: (item: T, i: number) => ReactNode; label?: string }
enum Mode { A = 'a', B = 'b' }
export const enumValue = Mode.A;
abstract class Base<T> { protected constructor(public readonly value: T, private count = 0) {} abstract get(): T }
class Box extends Base<number> { constructor() { super(1); } override get(): number { return this.value ?? 0; } }
export function List<T extends object>({ items = [], render, label = 'list' }: Props<T>) {
  const [open, setOpen] = useState<boolean>(false);
  const total = useMemo(() => items.reduce((n, _x, i) => n + i, 0), [items]);
  useEffect(() => { const id = setTimeout(() => setOpen((o) => !o), 10); return () => clearTimeout(id); }, []);
  const cls = \`list \${open ? 'open' : ''} \${label}\`;
  const box = new Box();
  const maybe = (items as unknown as { a?: { b?: () => number } }).a?.b?.() ?? box.get();
  async function later(): Promise<number> { await Promise.resolve(); return maybe as number; }
  void later;
  return (
    <>
      <ul className={cls} data-total={total} aria-label={label} {...{ role: 'list' }}>
        {items.map((item, i) => <li key={i} onClick={() => setOpen(!open)}>{render(item, i)}</li>)}
      </ul>
      {open ? <p style={{ color: 'red', margin: 0 }}>open &amp; {String(maybe)}</p> : null}
      {helpers && <Default label={renamed} />}
    </>
  );
}
export default List;
`;
const SAMPLES: [string, string][] = [
  ['src/Warm.tsx', SAMPLE_TSX],
  [
    'src/warm.ts',
    'export const pick = <T,>(xs: T[], i = 0): T | undefined => xs[i];\nexport type X = { a: number };\n',
  ],
  [
    'src/warm.jsx',
    'import { useState } from "react";\nexport default function W({ a, ...rest }) {\n  const [x] = useState(a);\n  return <div {...rest}>{x}</div>;\n}\n',
  ],
  [
    'src/warm.js',
    'export const f = async (a = 1, { b } = {}) => [a, b, ...[1, 2]];\nexport default class K { #p = 1; get p() { return this.#p; } }\n',
  ],
];
// What Sucrase makes of a small component (`useState`, `??`, JSX, a CSS import, text, a button, an input):
// warming the loader's eval
// and React's first render needs no compiler, so a frame whose app is in the compile cache never loads it.
const RENDERED_BODY =
  '"use strict";var _jsxruntime = require("react/jsx-runtime");Object.defineProperty(exports, "__esModule", {value: true}); function _nullishCoalesce(lhs, rhsFn) { if (lhs != null) { return lhs; } else { return rhsFn(); } }var _react = require(\'react\');\nrequire(\'./warm.css\');\n function Warm(p) {\n  const [n] = _react.useState(_nullishCoalesce(p.n, () => ( 1)));\n  return _jsxruntime.jsxs.call(void 0, \'div\', { className: "x", children: [n, _jsxruntime.jsx.call(void 0, \'b\', { children: "warm" }), _jsxruntime.jsx.call(void 0, \'button\', { type: "button", children: "warm" }), _jsxruntime.jsx.call(void 0, \'input\', { "aria-label": "warm" })]});\n} exports.default = Warm;\n';
const RENDERED = { 'src/Warm.tsx': '', 'src/warm.css': '' };
const ROUNDS = 12;

/**
 * A warm frame spends its wait on first-time costs: the loader's eval, React's first render and the
 * document's first style and layout, on a throwaway module in an unseen node it removes again. `waiting` turns false once an app arrives.
 */
export function warmRender(waiting: () => boolean): void {
  if (!waiting()) return;
  try {
    const loader = new ModuleLoader(
      RENDERED,
      providedModules(undefined),
      () => {},
      () => RENDERED_BODY,
    );
    const Warm = (loader.load('src/Warm.tsx') as { default: ElementType }).default;
    // Laid out once, unseen, in the document: the first style recalculation, font lookup and form-control
    // layout happen now instead of in the app's first paint (traced: ~8 ms of style recalculation).
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position:absolute;visibility:hidden;contain:strict;width:320px;height:120px';
    document.body.append(host);
    const root = createRoot(host);
    flushSync(() => root.render(createElement(Warm)));
    host.getBoundingClientRect();
    (host.firstElementChild as HTMLElement | null)?.offsetHeight;
    root.unmount();
    host.remove();
  } catch {
    // Warming is an optimisation: a failure here must never stop the frame from running its app.
  }
}

/**
 * For an app the compile cache does not hold: loads the compiler and compiles the app's `files` ahead (when
 * the host sent them), then, since Sucrase compiled cold costs ~15 ms for a 60-line app, runs each
 * transform a few rounds in short tasks (an update's new files then compile warm).
 */
export function warmCompiler(waiting: () => boolean, files?: Record<string, string>): void {
  (files ? compileAhead(files, waiting) : Promise.resolve()).then(loadCompiler).then(
    ({ compile }) => {
      let round = 0;
      const step = () => {
        if (!waiting() || round >= ROUNDS) return;
        try {
          for (const [path, code] of SAMPLES) compile(path, code);
        } catch {
          return; // An optimisation only, as above.
        }
        round += 1;
        setTimeout(step, 0);
      };
      step();
    },
    () => {},
  );
}
