import { expect, test } from '@playwright/test';
import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';
import { SHELL } from './setupRows.ts';
import { launchUserProfile, thirdPartyStorage } from './userProfile.ts';

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

// A user's profile grants a cross-site frame storage and service workers (the stronger attacker); fresh
// contexts block them. `npm test` runs the user profile; `npm run test:isolation` runs both.
defineRowTests('sandpack', rowsIn(['sandpack']), process.env.ROOM_E2E_FULL ? ['fresh', 'user'] : ['user']);
