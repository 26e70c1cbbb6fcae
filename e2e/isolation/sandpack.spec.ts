import { expect, test } from '@playwright/test';
import { defineRowTests } from './defineRowTests.ts';
import { rowsIn, SANDPACK_STALL_ROWS } from './matrix.ts';
import { SHELL } from './setupRows.ts';
import { launchUserProfile, SANDPACK_PROFILES, thirdPartyStorage } from './userProfile.ts';

test('a user profile allows a cross-site frame storage and service workers; a fresh context does not', async ({
  browser,
}) => {
  const fresh = await browser.newContext();
  expect(await thirdPartyStorage(fresh)).toEqual({ storage: 'SecurityError', worker: 'NotSupportedError' });
  await fresh.close();
  const user = await launchUserProfile(SHELL);
  try {
    expect(await thirdPartyStorage(user.context)).toEqual({ storage: 'stored', worker: 'registered' });
  } finally {
    await user.close();
  }
});

// The floods (SP5, SP6) time the launcher's stalls: e2e/isolation/exhaustion.spec.ts runs them alone.
defineRowTests(
  'sandpack',
  rowsIn(['sandpack']).filter((r) => !SANDPACK_STALL_ROWS.includes(r.id)),
  SANDPACK_PROFILES,
);
