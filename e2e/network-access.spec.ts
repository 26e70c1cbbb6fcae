import type { FrameLocator, Page } from '@playwright/test';
import { LoopbackApi } from '../test-support/LoopbackApi.ts';
import { proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { createRoom } from './rooms.ts';

const LIVE = { timeout: 15_000 };
const NAME = 'Weather';

/** An app that shows a forecast from its API, a radar image from its image host, and an extra service's answer or its own error. */
const weather = (api: string, images: string, extra: string) => `import { useEffect, useState } from 'react';

export default function App() {
  const [forecast, setForecast] = useState('Loading the forecast');
  const [extra, setExtra] = useState('Asking the extra service');
  useEffect(() => {
    fetch('${api}/weather/today.json')
      .then((r) => r.json())
      .then((d) => setForecast('Forecast: ' + d.forecast + ', high ' + d.high), () => setForecast('The forecast is unreachable'));
    fetch('${extra}/extra/today.json')
      .then((r) => r.json())
      .then((d) => setExtra('Extra service: ' + d.forecast), () => setExtra('The extra service is unreachable'));
  }, []);
  return (
    <main>
      <h1>Weather</h1>
      <p data-testid="forecast">{forecast}</p>
      <p data-testid="extra">{extra}</p>
      <img alt="Radar" src="${images}/radar/now.png" width="40" height="40" />
    </main>
  );
}
`;

const roomJson = (connectDomains: string[], resourceDomains: string[]) =>
  JSON.stringify({ csp: { connectDomains, resourceDomains } }, null, 2);

const frameOf = (page: Page): FrameLocator => page.frameLocator(`iframe[title="${NAME}"]:not([hidden])`);

let api: LoopbackApi;
let images: LoopbackApi;
let extra: LoopbackApi;
test.beforeAll(async () => {
  api = await new LoopbackApi().start();
  images = await new LoopbackApi('img.localhost').start();
  extra = await new LoopbackApi().start();
});
test.afterAll(async () => {
  await Promise.all([api.stop(), images.stop(), extra.stop()]);
});

test('an app reaches only the hosts its approved version declares: an update adds one only once approved, a rollback takes it away in an open tab', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(60_000);
  const roomId = await createRoom(request, `Network ${Date.now()}`);
  const code = { 'src/App.tsx': weather(api.origin, images.origin, extra.origin) };
  await proposeApp(owner, roomId, {
    name: NAME,
    files: { ...code, 'room.json': roomJson([api.origin], [images.origin]) },
  });
  await page.goto(`/rooms/${roomId}/review`);
  await page.getByRole('article', { name: NAME }).getByRole('button', { name: 'Approve and create' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);

  // Data fetched from the declared API, an image from the declared resource host; the undeclared service is refused.
  await page.goto(`/rooms/${roomId}`);
  const frame = frameOf(page);
  await expect(frame.getByTestId('forecast')).toHaveText('Forecast: Sunny, high 21', LIVE);
  await expect(frame.getByTestId('extra')).toHaveText('The extra service is unreachable', LIVE);
  await expect
    .poll(
      () => frame.getByRole('img', { name: 'Radar' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      LIVE,
    )
    .toBe(4);
  expect(api.asked('/weather/')).toHaveLength(1);
  expect(images.asked('/radar/')).toHaveLength(1);
  expect(extra.hits).toEqual([]);

  // An update adding the extra service grants nothing while it waits for review.
  await proposeApp(owner, roomId, {
    name: NAME,
    files: { ...code, 'room.json': roomJson([api.origin, extra.origin], [images.origin]) },
  });
  await page.reload();
  await expect(frame.getByTestId('forecast')).toHaveText('Forecast: Sunny, high 21', LIVE);
  await expect(frame.getByTestId('extra')).toHaveText('The extra service is unreachable', LIVE);
  expect(extra.hits).toEqual([]);

  // Approved on the review page, it reaches the launcher still open in the first tab: its frame is new.
  const review = await page.context().newPage();
  await review.goto(`/rooms/${roomId}/review`);
  const card = review.getByRole('article', { name: NAME });
  await expect(card.getByRole('note', { name: 'Network change in this update' })).toContainText(
    `Now also sends data to and receives data from:${extra.origin}`,
  );
  await card.getByRole('button', { name: 'Approve update' }).click();
  await expect(review.getByRole('article')).toHaveCount(0);
  await expect(frame.getByTestId('extra')).toHaveText('Extra service: Sunny', LIVE);
  expect(extra.asked('/extra/')).toHaveLength(1);

  // The owner rolls back to version 1 from the App menu: the open tab loses the extra service at once.
  await page.getByRole('button', { name: 'App menu' }).click();
  const menu = page.getByRole('dialog');
  await menu.getByRole('button', { name: 'Roll back to version 1' }).click();
  await menu.getByRole('button', { name: 'Confirm rollback' }).click();
  await expect(menu.getByRole('status')).toHaveText('Rolled back to version 1: it runs as version 3.');
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(frame.getByTestId('extra')).toHaveText('The extra service is unreachable', LIVE);
  await expect(frame.getByTestId('forecast')).toHaveText('Forecast: Sunny, high 21');
  expect(extra.asked('/extra/')).toHaveLength(1);
  await page.screenshot({ path: 'test-results/network-access.png' });
});
