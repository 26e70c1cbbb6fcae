import { approveProposal, proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { createRoom } from './rooms.ts';

// The queue hears of a proposal through the room's event stream: allow for a busy machine.
const LIVE = { timeout: 15_000 };
const NAME = 'Forecast';
const APP = { 'src/App.tsx': 'export default function App() {\n  return <h1>Forecast</h1>;\n}\n' };
const room = (connectDomains: string[], resourceDomains: string[]) =>
  JSON.stringify({ csp: { connectDomains, resourceDomains } }, null, 2);

test('the card names the hosts room.json declares before the files, and an update shows its network change first', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(90_000);
  const roomId = await createRoom(request, `Network ${Date.now()}`);

  // A bad entry is refused with the entry named, and nothing reaches the queue.
  const refused = await proposeApp(owner, roomId, {
    name: NAME,
    files: { ...APP, 'room.json': room(['https://api.open-meteo.com', 'https://*.github.io'], []) },
  }).catch((err: { code: string; message: string }) => err);
  expect(refused).toMatchObject({
    code: 'invalid_network',
    message: expect.stringContaining('"https://*.github.io"'),
  });
  const typo = await proposeApp(owner, roomId, {
    name: NAME,
    files: { ...APP, 'room.json': '{"csp": {"conectDomains": []}}' },
  }).catch((err: { code: string; message: string }) => err);
  expect(typo).toMatchObject({
    code: 'invalid_network',
    message: expect.stringContaining('"csp.conectDomains"'),
  });
  const { proposals } = await owner.api('GET /api/rooms/:roomId/proposals', { params: { roomId } });
  expect(proposals).toHaveLength(0);

  // An app without room.json cannot reach the network, and its card says so.
  await proposeApp(owner, roomId, { name: 'Offline notes', files: APP });
  // "pаypal" with a Cyrillic а: shown in Unicode and punycode, and flagged.
  const v1 = await proposeApp(owner, roomId, {
    name: NAME,
    files: {
      ...APP,
      'room.json': room(
        ['https://api.open-meteo.com', 'https://p\u0430ypal.com'],
        ['https://b\u00fccher.de', 'https://*.tile.openstreetmap.org'],
      ),
    },
  });
  await page.goto(`/rooms/${roomId}/review`);
  const offline = page.getByRole('article', { name: 'Offline notes' });
  await expect(offline.getByRole('region', { name: 'Network' })).toContainText(
    'This app cannot reach the network.',
    LIVE,
  );

  const card = page.getByRole('article', { name: NAME });
  const network = card.getByRole('region', { name: 'Network' });
  await expect(network).toContainText('It can send data to and receive data from:', LIVE);
  const sends = network.getByRole('list', { name: 'Hosts it sends data to' });
  await expect(sends.getByRole('listitem')).toHaveText([
    'https://api.open-meteo.com',
    /^https:\/\/pаypal\.com \(punycode https:\/\/xn--pypal-4ve\.com\) — mixes Cyrillic and Latin letters/,
  ]);
  await expect(network).toContainText('It can load images, fonts, media and stylesheets from:');
  await expect(
    network.getByRole('list', { name: 'Hosts it loads files from' }).getByRole('listitem'),
  ).toHaveText(['https://bücher.de (punycode https://xn--bcher-kva.de)', 'https://*.tile.openstreetmap.org']);
  await expect(network).toContainText("It can send what it keeps on members' devices to those hosts.");
  await expect(network).toContainText('their cookies');
  await expect(network).toContainText('can later resolve to a private address');
  await expect(network).toContainText('stylesheets from these hosts are not reviewed code');
  // Before the files.
  const files = card.getByRole('heading', { name: /Review all proposed files/ });
  expect((await network.boundingBox())?.y ?? 1e9).toBeLessThan((await files.boundingBox())?.y ?? 0);
  await card.screenshot({ path: test.info().outputPath('network-card.png') });

  const app = await approveProposal(owner, roomId, v1.id);
  const about = await owner.api('GET /api/rooms/:roomId/apps/:appId/about', {
    params: { roomId, appId: app.id },
  });
  expect(about.about.network).toEqual({
    connectDomains: ['https://api.open-meteo.com', 'https://xn--pypal-4ve.com'],
    resourceDomains: ['https://xn--bcher-kva.de', 'https://*.tile.openstreetmap.org'],
  });
  const launcher = await owner.api('GET /api/rooms/:roomId', { params: { roomId } });
  expect(launcher.apps.find((a) => a.id === app.id)?.network).toEqual(about.about.network);

  // The update adds a host to send data to and drops an image host: the change is the first thing on the card.
  await proposeApp(owner, roomId, {
    name: NAME,
    files: {
      ...APP,
      'room.json': room(
        ['https://api.open-meteo.com', 'https://p\u0430ypal.com', 'wss://live.example.com'],
        ['https://*.tile.openstreetmap.org'],
      ),
    },
  });
  const update = page.getByRole('article', { name: NAME });
  await expect(update.getByText(`Update of ${NAME} from version 1`)).toBeVisible(LIVE);
  const change = update.getByRole('note', { name: 'Network change in this update' });
  await expect(change).toContainText('Now also sends data to and receives data from:', LIVE);
  await expect(
    change.getByRole('list', { name: 'Now also sends data to and receives data from' }),
  ).toHaveText('wss://live.example.com');
  await expect(change.getByRole('list', { name: /^No longer loads/ })).toHaveText(
    'https://bücher.de (punycode https://xn--bcher-kva.de)',
  );
  await expect(change).not.toContainText('api.open-meteo.com');
  const diff = update.getByText(/files? changed/);
  await expect(diff).toBeVisible(LIVE);
  expect((await change.boundingBox())?.y ?? 1e9).toBeLessThan((await diff.boundingBox())?.y ?? 0);
  await update.screenshot({ path: test.info().outputPath('network-update-card.png') });
});
