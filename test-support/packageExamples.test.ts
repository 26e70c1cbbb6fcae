import { expect, it } from 'vitest';
import { packageExamples } from './packageExamples.ts';

it('lists the react.dev examples that need npm packages, entering at src/App.tsx', () => {
  const examples = packageExamples();
  // The corpus's 50 examples that are not self-contained (the Sandpack issue's run counted 38 of 50).
  expect(examples).toHaveLength(50);
  for (const e of examples) {
    expect(Object.keys(e.files), e.id).not.toContain('src/App.js');
    expect(
      Object.keys(e.files).some((f) => f === 'src/App.tsx' || f === 'src/index.js'),
      e.id,
    ).toBe(true);
  }
});
