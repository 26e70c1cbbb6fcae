import fs from 'node:fs';
import path from 'node:path';
import type { Step } from './steps.ts';
import { stepProblem } from './steps.ts';

/** The agent-app corpus (`fixtures/agent-apps`): its format is in that folder's README. */
export const AGENT_APPS_DIR = path.resolve(import.meta.dirname, '../../fixtures/agent-apps');

export const AUTHORS = ['team', 'brief'] as const;
export type Author = (typeof AUTHORS)[number];

export const COVER_TAGS = [
  'forms',
  'localStorage',
  'sessionStorage',
  'window.storage',
  'clipboard',
  'links',
  'download',
  'dialogs',
  'html-dialog',
  'canvas',
  'charts',
  'icons',
  'at-imports',
  'state-library',
  'router',
  'animation',
  'form-library',
  'date-number',
  'tailwind-v4',
  'tailwind-v3',
  'svg-import',
  'json-import',
  'vite-template',
  'plain',
] as const;

/** One app of the corpus: its proposal's files and the person's script. */
export interface AgentApp {
  slug: string;
  author: Author;
  name: string;
  covers: string[];
  script: Step[];
  files: Record<string, string>;
}

/** Every app of the corpus, team's then brief's, each in slug order; throws on any break of the format. */
export function loadAgentApps(dir = AGENT_APPS_DIR): AgentApp[] {
  const apps: AgentApp[] = [];
  const problems: string[] = [];
  for (const author of AUTHORS) {
    const authorDir = path.join(dir, author);
    if (!fs.existsSync(authorDir)) continue;
    for (const slug of fs.readdirSync(authorDir).sort()) {
      const appDir = path.join(authorDir, slug);
      if (!fs.statSync(appDir).isDirectory()) continue;
      try {
        apps.push(readApp(appDir, author, slug));
      } catch (err) {
        problems.push(`${author}/${slug}: ${(err as Error).message}`);
      }
    }
  }
  const seen = new Set<string>();
  for (const app of apps) {
    if (seen.has(app.slug)) problems.push(`${app.author}/${app.slug}: the slug is used twice`);
    seen.add(app.slug);
  }
  if (problems.length > 0) throw new Error(`fixtures/agent-apps breaks its format:\n${problems.join('\n')}`);
  return apps;
}

function readApp(appDir: string, author: Author, slug: string): AgentApp {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new Error('the slug is not kebab-case');
  if ((author === 'brief') !== slug.startsWith('b-'))
    throw new Error("brief slugs start with 'b-', and only they do");
  const meta = JSON.parse(fs.readFileSync(path.join(appDir, 'app.json'), 'utf8')) as Partial<AgentApp>;
  if (typeof meta.name !== 'string' || meta.name === '') throw new Error('app.json has no name');
  if (!Array.isArray(meta.covers) || meta.covers.length === 0) throw new Error('app.json covers nothing');
  const unknown = meta.covers.filter((c) => !(COVER_TAGS as readonly string[]).includes(c));
  if (unknown.length > 0) throw new Error(`unknown covers tags: ${unknown.join(', ')}`);
  if (!Array.isArray(meta.script) || meta.script.length === 0) throw new Error('app.json has no script');
  for (const [i, step] of meta.script.entries()) {
    const problem = stepProblem(step);
    if (problem) throw new Error(`step ${i} ${JSON.stringify(step)}: ${problem}`);
  }
  const files = readFiles(path.join(appDir, 'files'));
  if (files['src/App.tsx'] === undefined) throw new Error('files/src/App.tsx is missing');
  return { slug, author, name: meta.name, covers: meta.covers, script: meta.script, files };
}

function readFiles(root: string, under = ''): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(path.join(root, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(files, readFiles(root, rel));
    else files[rel] = fs.readFileSync(path.join(root, rel), 'utf8');
  }
  return files;
}
