import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../client/main.ts';
import { statusFor } from '../server/http/respond.ts';
import { ErrorCode } from '../validation/errorCodes.ts';
import { TOOLS } from '../validation/mcpTools.ts';
import { apiRouteKeys, cellRoutes, layoutFolders, routeKey, spans, tableRows } from './readmeTables.ts';
import { repoFiles } from './repoFiles.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const README = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** Routes the JSON API table lists that are not JSON, so not in `ApiRoutes` (the server adds them with `Router.add`). */
const NOT_JSON = ['GET /', 'POST /sign-in', 'POST /join', 'GET /api/rooms/:/events/stream'];

/** Product folders whose every subfolder the Layout names (the rest: top level only). */
const PARTS = ['src', 'runtime', 'server', 'client', 'validation'];

describe('the README restates the contract', () => {
  it('JSON API: every route of validation/apiRoutes.ts, and no other JSON route', () => {
    const listed = tableRows(README, ['method and path', 'who', 'body → answer']).flatMap((r) =>
      cellRoutes(r[0] ?? ''),
    );
    expect(sorted(listed)).toEqual(sorted([...apiRouteKeys().map(routeKey), ...NOT_JSON]));
  });

  it('Error codes: every code of validation/errorCodes.ts, each with the HTTP status respond.ts gives it', () => {
    const rows = tableRows(README, ['code', 'HTTP', 'when']);
    const codes = rows.flatMap((r) => spans(r[0] ?? ''));
    expect(sorted(codes)).toEqual(sorted(Object.values(ErrorCode)));
    const wrong = rows
      .filter((r) => /^\d+$/.test(r[1] ?? ''))
      .flatMap((r) => spans(r[0] ?? '').map((code) => [code, Number(r[1])] as const))
      .filter(([code, status]) => statusFor(code as ErrorCode) !== status);
    expect(wrong).toEqual([]);
  });

  it('MCP: every tool of validation/mcpTools.ts with its scopes, and no other', () => {
    const rows = tableRows(README, ['tool', 'scope', 'does']);
    const listed = rows.map((r) => `${spans(r[0] ?? '')[0]} ${spans(r[1] ?? '').join(',')}`);
    const tools = TOOLS.map((t) => `${t.name} ${t.securitySchemes.flatMap((s) => s.scopes).join(',')}`);
    expect(sorted(listed)).toEqual(sorted(tools));
  });

  it('Agent CLI: every command client/main.ts runs, and no other', () => {
    const rows = tableRows(README, ['command', 'does']);
    const listed = rows.flatMap((r) => spans(r[0] ?? '').map((s) => /^room (\w+)/.exec(s)?.[1] ?? s));
    expect(sorted(listed)).toEqual(sorted(Object.keys(COMMANDS)));
  });

  it('Layout: every top-level folder, and every subfolder of the product parts', () => {
    const folders = repoFiles(REPO)
      .filter((f) => f.includes('/'))
      .map((f) => f.split('/'));
    const top = folders.map((p) => p[0] as string);
    const subs = folders
      .filter((p) => p.length > 2 && PARTS.includes(p[0] as string))
      .map((p) => `${p[0]}/${p[1]}`);
    const named = layoutFolders(README);
    // A subfolder may be written in full or, beside its parent, by its own name.
    const missing = sorted([...top, ...subs]).filter(
      (f) => !named.has(f) && !(f.includes('/') && named.has(f.split('/')[1] as string)),
    );
    expect(missing).toEqual([]);
  });
});
