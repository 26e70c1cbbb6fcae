import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FULL_RUN_ONLY } from './fullRun.ts';
import { matrix, row, rowsIn } from './matrix.ts';
import { defineMetaTests, META_ALONE, META_CASES, META_SANDPACK } from './metaCases.ts';

test('every row of the matrix has an id of its own', () => {
  const ids = matrix.map((r) => r.id);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  expect(ids.length).toBeGreaterThanOrEqual(35);
});

test("README's Security section counts the rows there are", () => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  expect(readme).toContain(`\`e2e/isolation/matrix.ts\` gathers ${matrix.length} rows`);
  expect(readme).toContain(`server group (${rowsIn(['server']).length} rows`);
  expect(readme).toContain(`reruns ${new Set(META_CASES.map((c) => c.id)).size} rows`);
  expect(readme).toContain(`\`npm test\` runs ${matrix.length - Object.keys(FULL_RUN_ONLY).length} of them`);
});

test('each row only the full run has names a row of its group that npm test keeps', () => {
  for (const [id, sample] of Object.entries(FULL_RUN_ONLY)) {
    expect(row(sample).group, `${id}'s sample ${sample}`).toBe(row(id).group);
    expect(Object.keys(FULL_RUN_ONLY), `${id}'s sample ${sample}`).not.toContain(sample);
  }
});

test('every meta case runs in exactly one of the three meta spec files', () => {
  const apart = [...META_SANDPACK, ...META_ALONE];
  expect(apart.filter((id, i) => apart.indexOf(id) !== i)).toEqual([]);
  expect(apart.filter((id) => !META_CASES.some((c) => c.id === id))).toEqual([]);
});

defineMetaTests(
  'meta',
  META_CASES.filter((c) => !META_SANDPACK.includes(c.id) && !META_ALONE.includes(c.id)),
);
