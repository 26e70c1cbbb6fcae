import type { FrameLocator, Locator } from '@playwright/test';
import type { Target } from './steps.ts';

/** The element a target names inside the app's frame, as Playwright's exact role/label/placeholder/text. */
export function locate(frame: FrameLocator, target: Target): Locator {
  const found =
    'role' in target
      ? frame.getByRole(target.role as Parameters<FrameLocator['getByRole']>[0], {
          ...(target.name === undefined ? {} : { name: target.name }),
          exact: true,
        })
      : 'label' in target
        ? frame.getByLabel(target.label, { exact: true })
        : 'placeholder' in target
          ? frame.getByPlaceholder(target.placeholder, { exact: true })
          : frame.getByText(target.text, { exact: true });
  return target.nth === undefined ? found : found.nth(target.nth);
}

/** Visible elements whose text holds `text` (case-sensitive substring, as a person reads it). */
export function visibleText(frame: FrameLocator, text: string): Locator {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return frame.getByText(new RegExp(escaped)).filter({ visible: true });
}
