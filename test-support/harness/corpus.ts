import fs from 'node:fs';
import path from 'node:path';

/** The react.dev corpus kept in the repository (`fixtures/corpus`), or where `ROOM_CORPUS` points. */
export const CORPUS_PATH =
  process.env.ROOM_CORPUS ??
  path.resolve(import.meta.dirname, '../../fixtures/corpus/react-dev/examples.json');

interface Example {
  id: string;
  kind: 'Sandpack' | 'SandpackRSC' | 'SandpackWithHTMLOutput';
  files: Record<string, string>;
  dependencies: Record<string, string>;
  self_contained: boolean;
}

interface Corpus {
  site_defaults: { base_css: string };
  examples: Example[];
}

/** One example ready to run: the author's files plus the site's default stylesheet. */
export interface RunnableExample {
  id: string;
  files: Record<string, string>;
}

/** Why a self-contained example is not counted in the pass rate (as the issue states them). */
export type CountedOut = 'deliberately_broken' | 'server_components' | 'react_canary';

// The docs show invalid JSX on purpose in these exercises (see the corpus README).
const BROKEN = new Set([
  'src/content/learn/describing-the-ui.md#3',
  'src/content/learn/writing-markup-with-jsx.md#1',
  'src/content/learn/writing-markup-with-jsx.md#3',
]);

export function classify(example: Example): CountedOut | undefined {
  if (BROKEN.has(example.id)) return 'deliberately_broken';
  if (example.kind === 'SandpackRSC') return 'server_components';
  if (Object.values(example.dependencies).some((v) => v.includes('canary'))) return 'react_canary';
  return undefined;
}

/** The corpus's self-contained examples, split into the counted ones and those counted out. */
export function loadCorpus(file = CORPUS_PATH): {
  counted: RunnableExample[];
  countedOut: (RunnableExample & { why: CountedOut })[];
  total: number;
  selfContained: number;
} {
  const corpus = JSON.parse(fs.readFileSync(file, 'utf8')) as Corpus;
  const counted: RunnableExample[] = [];
  const countedOut: (RunnableExample & { why: CountedOut })[] = [];
  const selfContained = corpus.examples.filter((e) => e.self_contained);
  for (const example of selfContained) {
    // The site always writes src/styles.css as its base CSS followed by the example's own.
    const files = {
      ...example.files,
      'src/styles.css': `${corpus.site_defaults.base_css}\n\n${example.files['src/styles.css'] ?? ''}`,
    };
    const why = classify(example);
    if (why) countedOut.push({ id: example.id, files, why });
    else counted.push({ id: example.id, files });
  }
  return { counted, countedOut, total: corpus.examples.length, selfContained: selfContained.length };
}
