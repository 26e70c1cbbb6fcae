import { describe, expect, it } from 'vitest';
import { CANDIDATE_LIMITS, tailwindCandidates } from './tailwindCandidates.ts';

describe('tailwindCandidates', () => {
  it('collects class names from JSX strings, templates and helpers, with variants and arbitrary values', () => {
    const found = tailwindCandidates({
      'src/App.tsx': [
        'export default function App({ on }: { on: boolean }) {',
        '  return <div className="flex items-center p-[13px] hover:bg-red-500 md:flex-col dark:bg-slate-900">',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the app's source text, with its template literal.
        "    <p className={cn('text-sm', on && 'font-bold')}>{`gap-2 ${on ? 'bg-(--brand)' : 'grid-cols-[1fr_2fr]'}`}</p>",
        '  </div>;',
        '}',
      ].join('\n'),
      'public/index.html': '<body class="min-h-screen"></body>',
      'src/styles.css': '.not-scanned { color: red }',
    });
    for (const c of [
      'flex',
      'items-center',
      'p-[13px]',
      'hover:bg-red-500',
      'md:flex-col',
      'dark:bg-slate-900',
      'text-sm',
      'font-bold',
      'gap-2',
      'bg-(--brand)',
      'grid-cols-[1fr_2fr]',
      'min-h-screen',
    ])
      expect(found).toContain(c);
    expect(found).not.toContain('.not-scanned');
  });

  it('stops at its token bound on a hostile app', () => {
    const many = Array.from({ length: CANDIDATE_LIMITS.tokens * 2 }, (_, i) => `c${i}`).join(' ');
    expect(tailwindCandidates({ 'src/App.tsx': `"${many}"` })).toHaveLength(CANDIDATE_LIMITS.tokens);
  });

  it('reads at most its byte bound and skips overlong tokens', () => {
    const big = `${'a '.repeat(CANDIDATE_LIMITS.bytes)}past-the-bound`;
    const found = tailwindCandidates({ 'src/App.tsx': big, 'src/b.ts': 'also-past' });
    expect(found).toEqual(['a']);
    expect(tailwindCandidates({ 'src/App.tsx': `x${'-'.repeat(CANDIDATE_LIMITS.length)}` })).toEqual([]);
  });
});
