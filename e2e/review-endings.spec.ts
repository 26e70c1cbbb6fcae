import { approveProposal, proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { createRoom, textApp } from './rooms.ts';

// An update whose only change is where lines end: the diff compares lines without endings, the card names them.
test("an update that only moves CRLF endings says which lines' endings changed", async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Endings ${Date.now()}`);
  const v1 = await proposeApp(owner, roomId, {
    name: 'Endings',
    files: {
      ...textApp('Endings'),
      'src/data.ts': 'export const a = 1;\r\nexport const b = 2;\nexport const c = 3;\n',
    },
  });
  await approveProposal(owner, roomId, v1.id);
  await proposeApp(owner, roomId, {
    name: 'Endings',
    files: {
      ...textApp('Endings'),
      'src/data.ts': 'export const a = 1;\nexport const b = 2;\r\nexport const c = 3;\n',
    },
  });
  await page.goto(`/rooms/${roomId}/review`);
  const diff = page
    .getByRole('article', { name: 'Endings' })
    .getByRole('region', { name: 'Changes in src/data.ts' });
  await expect(diff).toContainText('0 lines added, 0 removed, 2 line endings changed');
  const note = diff.getByRole('note');
  await expect(note).toContainText('Line endings changed on 2 lines shown as unchanged:');
  await expect(note.getByRole('listitem')).toHaveText(['Line 1: CRLF → LF', 'Line 2: LF → CRLF']);
});
