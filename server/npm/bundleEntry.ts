import { importBindings, PROVIDED_GLOBAL } from '../../validation/bareImports.ts';

export { PROVIDED_GLOBAL };

/**
 * The entry of an app's package bundle: for each bare specifier the app's files import, exactly the
 * bindings they take (so the rest is tree-shaken), gathered in one default-exported map that the
 * frame's module loader serves by specifier. Null when the app imports no package.
 */
export function bundleEntry(files: Record<string, string>): { code: string; specifiers: string[] } | null {
  const bindings = importBindings(files);
  if (bindings.size === 0) return null;
  const lines: string[] = [];
  const modules: string[] = [];
  [...bindings].forEach(([spec, b], i) => {
    const from = JSON.stringify(spec);
    if (b.namespace) {
      lines.push(`import * as n${i} from ${from};`);
      // Marked as an ES module so the app's compiled imports read `default` and names as they are.
      modules.push(`${from}: { __esModule: true, ...n${i} }`);
      return;
    }
    const parts = b.names.map((name, j) => `${name} as b${i}_${j}`);
    if (b.default) parts.push(`default as d${i}`);
    lines.push(parts.length > 0 ? `import { ${parts.join(', ')} } from ${from};` : `import ${from};`);
    const fields = [
      '__esModule: true',
      ...b.names.map((name, j) => `${JSON.stringify(name)}: b${i}_${j}`),
      ...(b.default ? [`default: d${i}`] : []),
    ];
    modules.push(`${from}: { ${fields.join(', ')} }`);
  });
  lines.push(`export default { ${modules.join(',\n  ')} };`);
  return { code: `${lines.join('\n')}\n`, specifiers: [...bindings.keys()] };
}
