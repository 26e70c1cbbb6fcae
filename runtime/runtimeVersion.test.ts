import { expect, it } from 'vitest';
import sucrase from '../node_modules/sucrase/package.json' with { type: 'json' };
import { RUNTIME_VERSION } from './runtimeVersion.ts';

it('names the installed compiler, so upgrading Sucrase retires every cached module', () => {
  expect(RUNTIME_VERSION.startsWith(`sucrase-${sucrase.version}/`)).toBe(true);
});
