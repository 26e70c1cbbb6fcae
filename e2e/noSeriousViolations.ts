import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** Fails on axe-core violations of serious or critical impact on the page as it is now. */
export async function noSeriousViolations(page: Page): Promise<void> {
  // axe walks every node and frame: on a long review page that alone can take most of a test's budget.
  test.info().setTimeout(test.info().timeout + 30_000);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}
