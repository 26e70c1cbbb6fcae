import fs from 'node:fs';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { locate, visibleText } from './locate.ts';
import { Person } from './person.ts';
import { type Step, stepKind, type Target } from './steps.ts';

/** Each step waits this long for its target or condition, as a person would. */
export const STEP_MS = 5000;
// A dialog the step before asked for may come a moment after that step's action.
const DIALOG_GRACE_MS = 2000;
const POLL_MS = 100;

/** The open app a script runs in: the launcher page, the app's frame, and how the person reopens it. */
export interface OpenApp {
  page: Page;
  frame: FrameLocator;
  /** Reloads the launcher page and opens the app's tab again; resolves to why it did not open, if it did not. */
  reopen: () => Promise<string | undefined>;
}

export type ScriptOutcome =
  | { passed: true; prompts: string[] }
  | { passed: false; step: number; failed: string; reason: string; prompts: string[] };

class StepFailed extends Error {}

/**
 * Runs a person's script in the open app: each step in order, failing at the first that does not pass, at
 * the first browser dialog nobody expected, or at the first error the frame reports (its own text).
 */
export async function runScript(app: OpenApp, script: Step[]): Promise<ScriptOutcome> {
  const person = new Person(app.page);
  // Where the last action's downloads and tabs start: an expect step looks at what came after it.
  let since = { downloads: 0, popups: 0, navigations: 0 };
  try {
    for (const [i, step] of script.entries()) {
      const kind = stepKind(step);
      const armedBefore = person.armed;
      if (!kind.startsWith('expect') && kind !== 'dialog')
        since = {
          downloads: person.downloads.length,
          popups: person.popups.length,
          navigations: person.tabNavigations.length,
        };
      try {
        await runStep(app, person, step, since);
        if (armedBefore && armedBefore === person.armed && kind !== 'dialog' && !kind.startsWith('expect'))
          await awaitArmedDialog(person, armedBefore);
        if (person.unexpected.length > 0)
          throw new StepFailed(`a browser dialog nobody expected: ${person.unexpected[0]}`);
        // An error the step caused (a handler that threw) is the step's failure, even when the step passed.
        if (await frameErrorText(app.page)) throw new StepFailed('the frame reported an error');
      } catch (err) {
        const frameError = await frameErrorText(app.page);
        const logged = person.lastLogged();
        const reason =
          frameError ?? `${reasonOf(err)}${logged ? ` (the app logged: ${logged.slice(0, 240)})` : ''}`;
        return { passed: false, step: i, failed: JSON.stringify(step), reason, prompts: person.prompts };
      }
    }
    const frameError = await frameErrorText(app.page);
    if (frameError)
      return {
        passed: false,
        step: script.length,
        failed: '(after the script)',
        reason: frameError,
        prompts: person.prompts,
      };
    return { passed: true, prompts: person.prompts };
  } finally {
    person.detach();
  }
}

/** The launcher's banner over the frame, in its words and the app's: "X reported an error: …". */
export async function frameErrorText(page: Page): Promise<string | undefined> {
  const banner = page.locator('.panel-error[role="alert"]');
  if ((await banner.count()) === 0) return undefined;
  // Its text without its buttons ("Reload app", "Retry"), one space between its paragraphs.
  const text = await banner.first().evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const button of copy.querySelectorAll('button')) button.remove();
    return (
      [...copy.querySelectorAll('p, blockquote, pre')].map((b) => b.textContent).join(' ') || copy.textContent
    );
  });
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function reasonOf(err: unknown): string {
  if (err instanceof StepFailed) return err.message;
  // Playwright's first line says what failed; its call log after it is noise in a report.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colours in Playwright's messages
  const text = String((err as Error).message ?? err).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^\s*(Call log|- |Expected|Received|Timeout:)/.test(l));
  return (lines.slice(0, 2).join(' ').trim() || text.slice(0, 200)).slice(0, 300);
}

async function runStep(
  app: OpenApp,
  person: Person,
  step: Step,
  since: { downloads: number; popups: number; navigations: number },
): Promise<void> {
  const { page, frame } = app;
  const timeout = STEP_MS;
  if ('click' in step)
    return onTarget(frame, step.click, (t) =>
      t.click({ timeout, button: step.button, modifiers: step.modifiers }),
    );
  if ('fill' in step) return onTarget(frame, step.fill, (t) => t.fill(step.value, { timeout }));
  if ('type' in step) return page.keyboard.type(step.type, { delay: 20 });
  if ('press' in step)
    return step.on
      ? onTarget(frame, step.on, (t) => t.press(step.press, { timeout }))
      : page.keyboard.press(step.press);
  if ('check' in step) return onTarget(frame, step.check, (t) => t.check({ timeout }));
  if ('uncheck' in step) return onTarget(frame, step.uncheck, (t) => t.uncheck({ timeout }));
  if ('select' in step)
    return onTarget(frame, step.select, async (t) => {
      await t.selectOption({ label: step.value }, { timeout });
    });
  if ('reload' in step) {
    const why = await app.reopen();
    if (why) throw new StepFailed(`after the reload the app did not open again: ${why}`);
    return;
  }
  if ('expectText' in step)
    return visibleText(frame, step.expectText)
      .first()
      .waitFor({ timeout })
      .catch(() => {
        throw new StepFailed(`no visible text ${JSON.stringify(step.expectText)}`);
      });
  if ('expectNoText' in step)
    return expect(visibleText(frame, step.expectNoText))
      .toHaveCount(0, { timeout })
      .catch(() => {
        throw new StepFailed(`${JSON.stringify(step.expectNoText)} is still visible`);
      });
  if ('expectVisible' in step)
    return onTarget(frame, step.expectVisible, (t) => expect(t).toBeVisible({ timeout }));
  if ('expectCount' in step)
    return expect(locate(frame, step.expectCount))
      .toHaveCount(step.count, { timeout })
      .catch(async () => {
        const n = await locate(frame, step.expectCount).count();
        throw new StepFailed(`${n} of ${named(step.expectCount)}, not ${step.count}`);
      });
  if ('expectValue' in step)
    return onTarget(frame, step.expectValue, (t) =>
      expect(t)
        .toHaveValue(step.value, { timeout })
        .catch(async () => {
          throw new StepFailed(
            `${named(step.expectValue)} holds ${JSON.stringify(await t.inputValue())}, not ${JSON.stringify(step.value)}`,
          );
        }),
    );
  if ('expectStyle' in step)
    return onTarget(frame, step.expectStyle, (t) => expectStyle(t, step.property, step.value, step.not));
  if ('dialog' in step) {
    person.armed = { accept: step.dialog === 'accept', promptText: step.promptText };
    return;
  }
  if ('expectClipboard' in step) return expectClipboard(person, step.expectClipboard);
  if ('expectDownload' in step) return expectDownload(person, since.downloads, step.expectDownload);
  if ('expectNewTab' in step) return expectNewTab(person, since, step.expectNewTab);
  if ('expectCanvasPainted' in step)
    return onTarget(frame, step.expectCanvasPainted, (t) => expectCanvasPainted(t));
}

/** Acts on a target; when that fails for want of exactly one match, says so in the person's words. */
async function onTarget(
  frame: FrameLocator,
  target: Target,
  act: (t: Locator) => Promise<unknown>,
): Promise<void> {
  const found = locate(frame, target);
  try {
    await act(found);
  } catch (err) {
    if (err instanceof StepFailed) throw err;
    const n = await found.count().catch(() => -1);
    if (n === 0) throw new StepFailed(`found no ${named(target)}`);
    if (n > 1 && target.nth === undefined) throw new StepFailed(`${n} elements match ${named(target)}`);
    throw err;
  }
}

/** A target as a person would name it: button "Add", the field labelled "Email". */
function named(target: Target): string {
  if ('role' in target)
    return target.name === undefined ? target.role : `${target.role} ${JSON.stringify(target.name)}`;
  if ('label' in target) return `field labelled ${JSON.stringify(target.label)}`;
  if ('placeholder' in target) return `field with placeholder ${JSON.stringify(target.placeholder)}`;
  return `text ${JSON.stringify(target.text)}`;
}

/** Polls `check` until it answers true, answering the launcher's prompts yes meanwhile; false when time ran out. */
async function until(person: Person, check: () => Promise<boolean>, ms = STEP_MS): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    await person.answerLauncherPrompt(true);
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The dialog the person expected after the step that was to open it: a browser one, or a launcher prompt. */
async function awaitArmedDialog(person: Person, armed: NonNullable<Person['armed']>): Promise<void> {
  const end = Date.now() + DIALOG_GRACE_MS;
  while (armed.answered === undefined && Date.now() < end) {
    const prompt = await person.answerLauncherPrompt(armed.accept, armed.promptText);
    if (prompt !== undefined) armed.answered = `the launcher's prompt: ${prompt}`;
    else await new Promise((r) => setTimeout(r, POLL_MS));
  }
  if (person.armed === armed) person.armed = undefined;
  if (armed.answered === undefined)
    throw new StepFailed(
      "the app's alert/confirm/prompt never reached the person: no browser dialog and no launcher prompt",
    );
}

async function expectStyle(target: Locator, property: string, value?: string, not?: string): Promise<void> {
  let seen = '';
  const matched = await pollFor(async () => {
    seen = await target.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property, {
      timeout: STEP_MS,
    });
    return value !== undefined ? seen === value : seen !== not;
  });
  if (!matched)
    throw new StepFailed(
      value !== undefined
        ? `computed ${property} is "${seen}", not "${value}"`
        : `computed ${property} is still "${seen}"`,
    );
}

async function pollFor(check: () => Promise<boolean>, ms = STEP_MS): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function expectClipboard(person: Person, text: string): Promise<void> {
  let held = '';
  let problem = '';
  const got = await until(person, async () => {
    // The person's clipboard, read by the launcher page (the runner granted it; the app's frame was not).
    const read = await person.page.evaluate(async () => {
      try {
        return { text: await navigator.clipboard.readText() };
      } catch (err) {
        return { error: String(err) };
      }
    });
    held = read.text ?? '';
    problem = read.error ?? '';
    return read.text === text;
  });
  if (!got)
    throw new StepFailed(
      problem
        ? `cannot read the clipboard: ${problem}`
        : `the clipboard holds ${JSON.stringify(held)}, not ${JSON.stringify(text)}`,
    );
}

async function expectDownload(
  person: Person,
  from: number,
  want: { name: string; contains?: string },
): Promise<void> {
  const came = await until(person, async () => person.downloads.length > from);
  if (!came)
    throw new StepFailed(
      person.prompts.length > 0
        ? `the person accepted "${person.prompts.at(-1)}" but no file was saved`
        : 'no file was saved and the launcher asked nothing',
    );
  const download = person.downloads[from] as NonNullable<(typeof person.downloads)[number]>;
  const failure = await download.failure();
  if (failure) throw new StepFailed(`the download of ${download.suggestedFilename()} failed: ${failure}`);
  if (download.suggestedFilename() !== want.name)
    throw new StepFailed(`a file named ${download.suggestedFilename()} was saved, not ${want.name}`);
  const file = await download.path();
  const text = fs.readFileSync(file, 'utf8');
  if (want.contains !== undefined && !text.includes(want.contains))
    throw new StepFailed(`${want.name} does not contain ${JSON.stringify(want.contains)}`);
}

async function expectNewTab(
  person: Person,
  since: { popups: number; navigations: number },
  url: string,
): Promise<void> {
  const opened = () => person.popups.slice(since.popups);
  const went = () => [...person.tabNavigations.slice(since.navigations), ...opened().map((p) => p.url())];
  const came = await until(person, async () => opened().length > 0 && went().includes(url));
  if (came) {
    for (const popup of opened()) await popup.close().catch(() => {});
    return;
  }
  if (opened().length === 0)
    throw new StepFailed(
      person.prompts.length > 0
        ? `the person accepted "${person.prompts.at(-1)}" but no tab opened`
        : 'no new tab opened and the launcher asked nothing',
    );
  throw new StepFailed(`a new tab opened at ${went().join(', ') || 'about:blank'}, not ${url}`);
}

async function expectCanvasPainted(canvas: Locator): Promise<void> {
  await canvas.waitFor({ timeout: STEP_MS });
  const painted = await pollFor(() =>
    canvas.evaluate((el) => {
      if (!(el instanceof HTMLCanvasElement))
        throw new Error(`the target is a <${el.tagName.toLowerCase()}>, not a canvas`);
      if (el.width === 0 || el.height === 0) return false;
      // Copied onto a 2D canvas, so a WebGL canvas is read the same way.
      const copy = document.createElement('canvas');
      copy.width = el.width;
      copy.height = el.height;
      const ctx = copy.getContext('2d');
      if (!ctx) return false;
      ctx.drawImage(el, 0, 0);
      const pixels = ctx.getImageData(0, 0, copy.width, copy.height).data;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
      return false;
    }),
  );
  if (!painted) throw new StepFailed('the canvas has no painted pixel');
}
