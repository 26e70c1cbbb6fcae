import type { Dialog, Page } from '@playwright/test';
import { E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';
import { roomWithApps } from './rooms.ts';

/** Where the feedback form posts: the launcher's own server, another site than the app's frame. */
const LEAK_URL = `http://127.0.0.1:${E2E_PORT}/api/forms-leak`;

/** A to-do list as an agent writes it: a form added to by Enter, deletes behind `confirm`, a feedback form posting away. */
const CHORES = {
  'src/App.tsx': `import { useState } from 'react';

export default function App() {
  const [items, setItems] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(0);
  return (
    <main>
      <form onSubmit={(e) => { e.preventDefault(); setItems([...items, text]); setText(''); }}>
        <label>New chore <input value={text} onChange={(e) => setText(e.target.value)} required /></label>
        <button>Add</button>
      </form>
      <ul>
        {items.map((item, i) => (
          <li key={item}>
            {item}{' '}
            <button type="button" onClick={() => confirm('Delete ' + item + '?') && setItems(items.filter((_, j) => j !== i))}>
              Delete {item}
            </button>
          </li>
        ))}
      </ul>
      <form action="${LEAK_URL}" method="post" onSubmit={() => setSent((n) => n + 1)}>
        <input type="hidden" name="chores" value={items.join(',')} />
        <label>Email <input type="email" name="email" /></label>
        <button>Send feedback</button>
      </form>
      <p>Feedback sent {sent} times</p>
    </main>
  );
}
`,
};

/** An app that asks again and again from one click. */
const NAGGER = {
  'src/App.tsx': `import { useState } from 'react';

export default function App() {
  const [answers, setAnswers] = useState('none');
  const nag = () => {
    const got: string[] = [];
    for (let i = 0; i < 6; i++) got.push(String(confirm('Are you sure? (' + i + ')')));
    setAnswers(got.join(' '));
  };
  return (
    <main>
      <button onClick={nag}>Nag</button>
      <p>Answers: {answers}</p>
    </main>
  );
}
`,
};

async function openApp(page: Page, roomId: string, name: string) {
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole('tab', { name }).click();
  return page.frameLocator(`iframe[title="${name}"]`);
}

test('a to-do item is added by Enter, confirm deletes on OK and keeps on Cancel (four deletes in a row, a click each, all ask), and a form posting away sends nothing', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId } = await roomWithApps(request, 'Forms and dialogs', { Chores: CHORES });
  const leaks: string[] = [];
  page.context().on('request', (r) => r.url().startsWith(LEAK_URL) && leaks.push(r.url()));
  const app = await openApp(page, roomId, 'Chores');
  await expect(page.locator('iframe[title="Chores"]')).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-forms allow-modals',
  );

  const field = app.getByLabel('New chore');
  // Constraint validation: an empty required field stops the submission with the browser's message.
  await app.getByRole('button', { name: 'Add' }).click();
  expect(await field.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('');
  await expect(app.getByRole('listitem')).toHaveCount(0);
  await field.fill('Dishes');
  await field.press('Enter');
  await field.fill('Laundry');
  await field.press('Enter');
  await expect(app.getByRole('listitem')).toHaveText([/Dishes/, /Laundry/]);

  // The person takes longer than the watchdog's 3 s to answer: the app is waiting on them, not hung.
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe('Delete Dishes?');
    await new Promise((r) => setTimeout(r, 4000));
    await dialog.dismiss();
  });
  await app.getByRole('button', { name: 'Delete Dishes' }).click();
  await expect(app.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('alert')).toBeHidden();
  page.once('dialog', (dialog) => dialog.accept());
  await app.getByRole('button', { name: 'Delete Dishes' }).click();
  await expect(app.getByRole('listitem')).toHaveText([/Laundry/]);

  // A malformed email is the browser's to refuse; a good one submits (onSubmit runs) and goes nowhere.
  await app.getByLabel('Email').fill('not an email');
  await app.getByRole('button', { name: 'Send feedback' }).click();
  expect(await app.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('');
  await expect(app.getByText('Feedback sent 0 times')).toBeVisible();
  await app.getByLabel('Email').fill('me@example.com');
  await app.getByRole('button', { name: 'Send feedback' }).click();
  await expect(app.getByText('Feedback sent 1 times')).toBeVisible();
  // The app keeps its page and its state: another chore joins the list, and the panel shows no stop.
  await field.fill('Windows');
  await field.press('Enter');
  await expect(app.getByRole('listitem')).toHaveText([/Laundry/, /Windows/]);

  // Four deletes in a row, each confirm after its own click: none is a flood, all four ask.
  for (const chore of ['Mop', 'Bins']) {
    await field.fill(chore);
    await field.press('Enter');
  }
  const asked: string[] = [];
  const accept = (dialog: Dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  };
  page.on('dialog', accept);
  for (const chore of ['Laundry', 'Windows', 'Mop', 'Bins'])
    await app.getByRole('button', { name: `Delete ${chore}` }).click();
  await expect(app.getByRole('listitem')).toHaveCount(0);
  page.off('dialog', accept);
  expect(asked).toEqual(['Delete Laundry?', 'Delete Windows?', 'Delete Mop?', 'Delete Bins?']);
  await page.waitForTimeout(500);
  await expect(page.getByRole('alert')).toBeHidden();
  expect(leaks).toEqual([]);
});

test('a dialog flood is cut after three, and Close app closes the app', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId } = await roomWithApps(request, 'Dialog flood', { Nagger: NAGGER });
  const app = await openApp(page, roomId, 'Nagger');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await app.getByRole('button', { name: 'Nag' }).click();
  await expect(app.getByText('Answers: true true true false false false')).toBeVisible();
  expect(asked).toEqual(['Are you sure? (0)', 'Are you sure? (1)', 'Are you sure? (2)']);

  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Nagger opened too many dialogs');
  // Still cut on the next ask (from the keyboard: the banner covers the app's top): nothing reaches the person.
  await page.screenshot({ path: test.info().outputPath('dialogs-cut.png') });
  await app.getByRole('button', { name: 'Nag' }).press('Enter');
  await expect(app.getByText('Answers: false false false false false false')).toBeVisible();
  expect(asked).toHaveLength(3);

  await banner.getByRole('button', { name: 'Close app' }).click();
  await expect(page.getByRole('alert')).toContainText('You closed this app.');
  await expect(page.locator('iframe[title="Nagger"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.frameLocator('iframe[title="Nagger"]').getByText('Answers: none')).toBeVisible();
});
