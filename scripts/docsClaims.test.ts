import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDoc, type DocOptions, exportedNames, REPO, repoTree, type Tree } from './docsClaims.ts';

/** Backticked words in docs/architecture.md that are web APIs, headers or fields, not our exports. */
const ARCHITECTURE_WORDS = new Set([
  'Host',
  'Origin',
  'MessagePort',
  'localStorage',
  'securitySchemes',
  'baseUrl',
]);

/** The docs checked, each with what it names that is not a repository file or export. */
const DOCS: Record<string, DocOptions> = {
  'docs/architecture.md': { words: ARCHITECTURE_WORDS },
  // The README names many web APIs in passing: only its paths (and `file.ts#Name` anchors) are checked.
  'README.md': { notInRepo: new Set(['src/date-fns/format.ts']) },
};

const tree = repoTree();
const read = (doc: string) => fs.readFileSync(path.join(REPO, doc), 'utf8');
const shown = (misses: { doc: string; line: number; claim: string; why: string }[]) =>
  misses.map((m) => `${m.doc}:${m.line} ${m.claim}: ${m.why}`);

describe('what the docs name exists', () => {
  for (const [doc, opts] of Object.entries(DOCS))
    it(`${doc}: every file and export it names is in the tree`, () => {
      const { checked, misses } = checkDoc(doc, read(doc), tree, opts);
      expect(shown(misses)).toEqual([]);
      // A parser that quietly matched nothing would pass the line above.
      expect(checked).toBeGreaterThan(50);
    });
});

describe('the check', () => {
  const renamed = (from: string, to: string): Tree => ({
    files: tree.files.map((f) => (f === from ? to : f)),
    exportsOf: (f) => (f === to ? tree.exportsOf(from) : tree.exportsOf(f)),
  });

  it('fails when a file the architecture page names is renamed', () => {
    const doc = 'docs/architecture.md';
    const text = read(doc);
    const moved = renamed('server/http/respond.ts', 'server/http/reply.ts');
    expect(shown(checkDoc(doc, text, moved, DOCS[doc]).misses)).toContain(
      `${doc}:${lineOf(text, '`server/http/respond.ts`')} server/http/respond.ts: no such file`,
    );
    // A bare file name fails too, once no tracked path ends with it.
    const bare = renamed('runtime/host/acceptCompiled.ts', 'runtime/host/checkCompiled.ts');
    expect(checkDoc(doc, text, bare, DOCS[doc]).misses.map((m) => m.claim)).toContain('acceptCompiled.ts');
  });

  it('fails when an export it names is renamed', () => {
    const doc = 'docs/architecture.md';
    const without: Tree = {
      files: tree.files,
      exportsOf: (f) => new Set([...tree.exportsOf(f)].filter((n) => n !== 'FrameController')),
    };
    expect(checkDoc(doc, read(doc), without, DOCS[doc]).misses.map((m) => m.claim)).toContain(
      'FrameController',
    );
    const anchored = checkDoc(
      'x.md',
      '`runtime/protocol.ts#isFrameToHost` `runtime/protocol.ts#isFrameToHostile`',
      tree,
    );
    expect(shown(anchored.misses)).toEqual([
      'x.md:1 runtime/protocol.ts#isFrameToHostile: runtime/protocol.ts does not export isFrameToHostile',
    ]);
  });

  it('reads declarations and export lists', () => {
    const names = exportedNames(
      'export const A = 1;\nexport async function b() {}\nexport type { C, D as E } from "x";\nexport default class F {}\nconst g = 1;',
    );
    expect([...names].sort()).toEqual(['A', 'C', 'E', 'F', 'b']);
  });
});

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((l) => l.includes(needle)) + 1;
}
