import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Reading the README's reference tables, so a test can hold them to the contract they restate. */

/** The rows (cells, `\|` kept as `|`) of the first Markdown table whose header is `header`. */
export function tableRows(markdown: string, header: string[]): string[][] {
  const lines = markdown.split('\n');
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replaceAll('\\|', '|'));
  const start = lines.findIndex((l) => l.startsWith('|') && cells(l).join('|') === header.join('|'));
  if (start < 0) throw new Error(`No table headed ${header.join(' | ')}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

/** The backticked spans of a cell. */
export const spans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

/**
 * The routes a JSON API cell names, as `METHOD /path/:` keys (parameter names dropped, query and optional
 * parts cut): `GET/POST /a/:x/b` is two routes, and `DELETE …/b/:id` continues the cell's previous path.
 */
export function cellRoutes(cell: string): string[] {
  const routes: string[] = [];
  let previous = '';
  for (const span of spans(cell)) {
    const m = /^([A-Z]+(?:\/[A-Z]+)*) (\S+)$/.exec(span);
    if (!m) continue;
    let route = (m[2] as string).replace(/[?[].*$/, '');
    if (route.startsWith('…')) {
      const rest = route.slice(1);
      const at = previous.indexOf(`/${rest.split('/')[1]}`);
      route = previous.slice(0, at) + rest;
    }
    previous = route;
    for (const method of (m[1] as string).split('/')) routes.push(routeKey(`${method} ${route}`));
  }
  return routes;
}

/** A route key with its parameter names dropped: `GET /api/rooms/:roomId` → `GET /api/rooms/:`. */
export const routeKey = (key: string): string => key.replace(/:[A-Za-z]+/g, ':');

/** The keys of `validation/apiRoutes.ts`'s `ApiRoutes` (a type, so read with the compiler). */
export function apiRouteKeys(
  file = path.resolve(import.meta.dirname, '../validation/apiRoutes.ts'),
): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const routes = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'ApiRoutes',
  );
  if (!routes) throw new Error(`No ApiRoutes interface in ${file}`);
  return routes.members.flatMap((m) => (m.name && ts.isStringLiteral(m.name) ? [m.name.text] : []));
}

/** The folders the README's Layout section names (backticked `folder/` or `folder/sub/`). */
export function layoutFolders(markdown: string): Set<string> {
  const section = /^## Layout\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? '';
  return new Set(
    spans(section)
      .filter((s) => /^[\w.-]+(\/[\w.-]+)*\/$/.test(s))
      .map((s) => s.slice(0, -1)),
  );
}
