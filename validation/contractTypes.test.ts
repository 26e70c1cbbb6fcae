import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const REJECTS = path.join(ROOT, 'tsconfig/rejects');

/** One environment's tsconfig (tsconfig/<name>.json, or the root one): its options and ambient .d.ts files. */
function configOf(config: string): { options: ts.CompilerOptions; ambient: string[] } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${config}`);
  return {
    options: { ...parsed.options, incremental: false, tsBuildInfoFile: undefined },
    ambient: parsed.fileNames.filter((f) => f.endsWith('.d.ts')),
  };
}

// Parsed files shared by every program here (lib.dom.d.ts, @types/node, the sources): parsing dominates.
const parsed = new Map<string, ts.SourceFile | undefined>();

/** Type-checks `files` under `config`; `replace` swaps a file's text first. Returns "file(line): TScode message". */
function check(config: string, files: string[], replace: Record<string, string> = {}): string[] {
  const { options, ambient } = configOf(config);
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => replace[path.resolve(file)] ?? read(file);
  host.getSourceFile = (file, language, ...rest) => {
    if (replace[path.resolve(file)] !== undefined) return getSourceFile(file, language, ...rest);
    const key = `${file}\0${JSON.stringify(language)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(file, language, ...rest));
    return parsed.get(key);
  };
  const program = ts.createProgram([...ambient, ...files], options, host);
  const messages = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${path.relative(ROOT, d.file.fileName)}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})`
      : '';
    return `${where}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
  return messages.sort();
}

const reject = (name: string) => path.join(REJECTS, name);

// Each check builds a TypeScript program: seconds, not milliseconds.
describe('the wire contract is enforced by the type-checker', { timeout: 120_000 }, () => {
  it('rejects window in server code, wrong replies and wrong reads in the CLI', () => {
    const errors = check('tsconfig/server.json', [
      reject('serverWindow.ts'),
      reject('serverWrongReply.ts'),
      reject('cliWrongField.ts'),
    ]);
    expect(errors).toEqual([
      expect.stringMatching(
        /^tsconfig\/rejects\/cliWrongField\.ts\(6\): TS2339 Property 'secret' does not exist/,
      ),
      expect.stringMatching(/^tsconfig\/rejects\/serverWindow\.ts\(2\): TS2304 Cannot find name 'window'/),
      expect.stringMatching(
        /^tsconfig\/rejects\/serverWrongReply\.ts\(4\): TS2322 .*'\{ room: never\[\]; \}'/,
      ),
    ]);
  });

  it('rejects an MCP tool result off its contract and a test reading a field a route does not answer', () => {
    expect(
      check('tsconfig.json', [reject('serverWrongToolResult.ts'), reject('testClientWrongField.ts')]),
    ).toEqual([
      expect.stringMatching(
        /^tsconfig\/rejects\/serverWrongToolResult\.ts\(4\): TS2561 .*'rooms' does not exist/,
      ),
      expect.stringMatching(
        /^tsconfig\/rejects\/testClientWrongField\.ts\(5\): TS2339 Property 'owner' does not exist/,
      ),
    ]);
  });

  it("rejects a tool's input schema that drifts from its ToolContract input", () => {
    const tools = path.join(ROOT, 'validation/mcpTools.ts');
    const text = fs.readFileSync(tools, 'utf8');
    const drifted = text
      .replace(
        "required: ['room_id', 'name', 'files', 'idempotency_key']",
        "required: ['room_id', 'name', 'files']",
      )
      .replace('properties: { room_id: ROOM_ID },', 'properties: { room_id: ROOM_ID, room_name: ROOM_ID },')
      .replace("cursor: { type: 'string', maxLength: 512 },", "cursor: { type: 'integer', maxLength: 512 },");
    expect(drifted).not.toBe(text);
    expect(check('tsconfig/contract.json', [tools])).toEqual([]);
    const errors = check('tsconfig/contract.json', [tools], { [tools]: drifted });
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^validation\/mcpTools\.ts\(\d+\): TS2322 .*'\{ unlisted: "idempotency_key"; \}'/,
        ),
        expect.stringMatching(/^validation\/mcpTools\.ts\(\d+\): TS2353 .*'room_name' does not exist/),
        expect.stringMatching(/^validation\/mcpTools\.ts\(\d+\): TS2322 Type '"integer"' is not assignable/),
      ]),
    );
  });

  it('rejects process in frame code', () => {
    expect(check('tsconfig/frame.json', [reject('frameProcess.ts')])).toEqual([
      expect.stringMatching(/^tsconfig\/rejects\/frameProcess\.ts\(2\): TS2591 Cannot find name 'process'/),
    ]);
  });

  it("rejects a field the shell's answer does not have and a missing path parameter", () => {
    expect(
      check('tsconfig/shell.json', [reject('shellWrongField.ts'), reject('shellMissingParam.ts')]),
    ).toEqual([
      expect.stringMatching(/^tsconfig\/rejects\/shellMissingParam\.ts\(4\): TS2554 Expected 2 arguments/),
      expect.stringMatching(
        /^tsconfig\/rejects\/shellWrongField\.ts\(4\): TS2339 Property 'title' does not exist/,
      ),
    ]);
  });

  it("changing a response type in the contract breaks the shell's and the CLI's type-check", () => {
    const views = path.join(ROOT, 'validation/views.ts');
    const text = fs.readFileSync(views, 'utf8');
    const renamed = text.replace(
      /(interface RoomSummary \{[^}]*?)\brole: RoomRole;/,
      '$1membership: RoomRole;',
    );
    expect(renamed).not.toBe(text);
    const users = ['src/pages/RoomsPage.tsx', 'client/commands/rooms.ts'].map((f) => path.join(ROOT, f));
    // As committed, both type-check; with the room's `role` renamed, both fail where they read it.
    expect(check('tsconfig.json', users)).toEqual([]);
    const errors = check('tsconfig.json', users, { [views]: renamed });
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^src\/pages\/RoomsPage\.tsx\(\d+\): TS2339 Property 'role' does not exist/),
        expect.stringMatching(/^client\/commands\/rooms\.ts\(\d+\): TS2339 Property 'role' does not exist/),
      ]),
    );
  });
});
