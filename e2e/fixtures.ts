import { test as base, expect, type Page } from '@playwright/test';
import type { JsonApi } from '../test-support/proposeApp.ts';
import { E2E_OWNER_TOKEN } from './env.ts';
import { ownerApi } from './rooms.ts';

interface Fixtures {
  /** A page signed in as the owner through the sign-in link. */
  ownerPage: Page;
  /** The Demo room's id, read through the API. */
  demoRoomId: string;
  /** The owner's JSON API (bearer token) over this test's request context: proposeApp, approveProposal. */
  owner: JsonApi;
}

export const test = base.extend<Fixtures>({
  ownerPage: async ({ page }, use) => {
    await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
    await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
    await use(page);
  },
  demoRoomId: async ({ request }, use) => {
    const { rooms } = await ownerApi(request).api('GET /api/rooms');
    const demo = rooms.find((r) => r.name === 'Demo room');
    if (!demo) throw new Error('the Demo room is missing');
    await use(demo.id);
  },
  owner: async ({ request }, use) => {
    await use(ownerApi(request));
  },
});

export { expect };
