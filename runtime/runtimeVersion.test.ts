import { expect, it } from 'vitest';
import sucrase from '../node_modules/sucrase/package.json' with { type: 'json' };
import tailwind from '../node_modules/tailwindcss/package.json' with { type: 'json' };
import { RUNTIME_VERSION } from './runtimeVersion.ts';

it('names the installed compiler, so upgrading Sucrase retires every cached module', () => {
  expect(RUNTIME_VERSION.startsWith(`sucrase-${sucrase.version}/`)).toBe(true);
});

it('names the installed Tailwind, so upgrading it retires every cached stylesheet', () => {
  expect(RUNTIME_VERSION).toContain(`/tailwindcss-${tailwind.version}/`);
});
