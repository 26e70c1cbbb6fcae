import hljs from 'highlight.js/lib/core';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';

hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('css', css);
hljs.registerLanguage('xml', xml);

const BY_EXT: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  json: 'json',
  css: 'css',
  html: 'xml',
  svg: 'xml',
};

/** One escaped, highlighted HTML string per line of `code` (highlight.js escapes the source text). */
export function highlightLines(path: string, code: string): string[] | undefined {
  const ext = path.split('.').pop() ?? '';
  // The path is the proposal's: `.constructor` must not find Object.prototype's member.
  const lang = Object.hasOwn(BY_EXT, ext) ? BY_EXT[ext] : undefined;
  if (!lang) return undefined;
  const html = hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
  // Spans may cross lines: close and reopen them at every newline so each line stands alone.
  const open: string[] = [];
  return html.split('\n').map((line) => {
    const out = open.join('') + line;
    for (const tag of line.match(/<span[^>]*>|<\/span>/g) ?? []) {
      if (tag === '</span>') open.pop();
      else open.push(tag);
    }
    return out + '</span>'.repeat(open.length);
  });
}
