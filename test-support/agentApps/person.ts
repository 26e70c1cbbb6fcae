import type { ConsoleMessage, Dialog, Download, Page, Request } from '@playwright/test';

/** How the person answers the next browser dialog (a `dialog` step, set before the step that opens it). */
export interface DialogAnswer {
  accept: boolean;
  promptText?: string;
  /** What the answered dialog was ("confirm: Delete?"), once one came. */
  answered?: string;
}

// The launcher's own prompts (SavePrompt and any later one) are PromptDialogs: modal <dialog>s in its page.
const LAUNCHER_PROMPT = 'dialog.prompt-dialog[open]';

/**
 * What reaches the person while an app's script runs, in the launcher page: browser dialogs (answered as
 * armed, any other dismissed and remembered), downloads, new tabs, and the launcher's own prompts.
 */
export class Person {
  readonly downloads: Download[] = [];
  readonly popups: Page[] = [];
  /** Where new tabs tried to go (their navigations; offline, refused at the network). */
  readonly tabNavigations: string[] = [];
  /** Browser dialogs nobody expected: each fails the app. */
  readonly unexpected: string[] = [];
  /** The launcher prompts the person answered, by title. */
  readonly prompts: string[] = [];
  /** Errors and warnings the app's frame logged (a caught NotAllowedError, the browser's ignored confirm()). */
  readonly logged: { type: string; text: string }[] = [];
  armed: DialogAnswer | undefined;

  /** The last error the app logged, else its last warning. */
  lastLogged(): string | undefined {
    const last = (type: string) => this.logged.findLast((m) => m.type === type)?.text;
    return last('error') ?? last('warning');
  }

  private readonly onDialog = (dialog: Dialog) => this.answer(dialog);
  private readonly onDownload = (download: Download) => this.downloads.push(download);
  private readonly onConsole = (message: ConsoleMessage) => {
    // Not the launcher's own page: the app's frame site, or its code's own file names (src/App.tsx).
    const from = message.location().url;
    const launcher = new URL(this.page.url()).origin;
    if (['error', 'warning'].includes(message.type()) && !from.startsWith(launcher))
      this.logged.push({ type: message.type(), text: message.text() });
  };
  private readonly onPopup = (popup: Page) => this.popups.push(popup);
  private readonly onRequest = (request: Request) => {
    // A service worker's request has no frame: it is never a tab's navigation.
    const from = (() => {
      try {
        return request.frame().page();
      } catch {
        return undefined;
      }
    })();
    if (from && from !== this.page && request.isNavigationRequest()) this.tabNavigations.push(request.url());
  };

  constructor(readonly page: Page) {
    page.on('dialog', this.onDialog);
    page.on('download', this.onDownload);
    page.on('console', this.onConsole);
    page.context().on('page', this.onPopup);
    page.context().on('request', this.onRequest);
  }

  detach(): void {
    this.page.off('dialog', this.onDialog);
    this.page.off('download', this.onDownload);
    this.page.off('console', this.onConsole);
    this.page.context().off('page', this.onPopup);
    this.page.context().off('request', this.onRequest);
  }

  private async answer(dialog: Dialog): Promise<void> {
    const what = `${dialog.type()}: ${dialog.message()}`;
    const armed = this.armed;
    if (!armed || armed.answered !== undefined) {
      this.unexpected.push(what);
      await dialog.dismiss().catch(() => {});
      return;
    }
    armed.answered = what;
    await (armed.accept ? dialog.accept(armed.promptText) : dialog.dismiss()).catch(() => {});
  }

  /**
   * Answers a launcher prompt if one is showing: yes (its primary button) or no (its first), typing
   * `text` into its field when it has one. Resolves to its title, or undefined when none shows.
   */
  async answerLauncherPrompt(yes: boolean, text?: string): Promise<string | undefined> {
    const prompt = this.page.locator(LAUNCHER_PROMPT);
    if ((await prompt.count()) === 0) return undefined;
    const title = ((await prompt.locator('h2').first().textContent()) ?? '').trim();
    if (text !== undefined && (await prompt.getByRole('textbox').count()) > 0)
      await prompt.getByRole('textbox').first().fill(text);
    const button = yes ? prompt.locator('button.primary') : prompt.getByRole('button').first();
    // Its buttons ignore presses for a moment after it appears (aria-disabled), as a person would wait.
    await button.and(this.page.locator('[aria-disabled="false"]')).waitFor({ timeout: 5000 });
    await button.click();
    this.prompts.push(title);
    return title;
  }
}
