import type { BrowserContext } from '@playwright/test';
import { RequestError } from '../../client/RequestError.ts';
import { type AppPath, appOpened } from '../packageExamples.ts';
import { approveProposal, type JsonApi, proposeApp } from '../proposeApp.ts';
import type { AgentApp } from './corpus.ts';
import { frameErrorText, runScript } from './runScript.ts';

// A Sandpack start (its bundler installing in the page) passed 45 s on a busy machine (faq-motion, 82 s in all).
const OPEN_MS = 120_000;

/** One app's run, as the report and the committed JSON record it. */
export interface AgentAppResult {
  slug: string;
  author: AgentApp['author'];
  name: string;
  covers: string[];
  passed: boolean;
  /** Where the approval sent it; 'not approved' when the gate refused it. */
  path: AppPath | 'not approved';
  /** Why the approval sent it to Sandpack, when it did. */
  note?: string;
  /** The failing step's index (script.length: after the script; -1: before it ran), when it failed. */
  step?: number;
  /** The failing step as JSON, when one failed. */
  failed?: string;
  /** The first thing that went wrong: the gate's code and message, the frame's own error, or the step's failure. */
  reason?: string;
  /** The launcher prompts the person answered on the way. */
  prompts?: string[];
  ms: number;
}

export interface AgentAppServer {
  base: string;
  api: JsonApi;
}

/**
 * Proposes the app under its name in a room of its own, approves it as the owner (the approval builds its
 * package bundle), opens the launcher at it in a fresh page of the signed-in `context`, and runs the script.
 */
export async function runAgentApp(
  server: AgentAppServer,
  context: BrowserContext,
  app: AgentApp,
): Promise<AgentAppResult> {
  const started = Date.now();
  const base = { slug: app.slug, author: app.author, name: app.name, covers: app.covers };
  const notRun = (path: AgentAppResult['path'], reason: string): AgentAppResult => ({
    ...base,
    passed: false,
    path,
    step: -1,
    reason,
    ms: Date.now() - started,
  });
  const { room } = await server.api.api('POST /api/rooms', { body: { name: `Agent app ${app.slug}` } });
  let approved: Awaited<ReturnType<typeof approveProposal>>;
  try {
    const proposal = await proposeApp(server.api, room.id, { name: app.name, files: app.files });
    approved = await approveProposal(server.api, room.id, proposal.id);
  } catch (err) {
    // The server's answer (code and message) is the gate's refusal; anything else is the run's own trouble.
    if (err instanceof RequestError)
      return notRun('not approved', `gate refused: ${err.code}: ${err.message}`);
    return notRun(
      'not approved',
      `no answer to the proposal or approval: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  const path: AppPath =
    approved.packages_path === 'sandpack'
      ? 'sandpack'
      : approved.packages_path === 'bundle'
        ? 'bundle'
        : 'no packages';
  const note = approved.packages_note ?? undefined;
  const page = await context.newPage();
  try {
    const url = `${server.base}/rooms/${room.id}?app=${approved.id}`;
    await page.goto(url);
    const opened = await appOpened(page, app.name, path, OPEN_MS);
    if ('why' in opened) return { ...notRun(path, (await frameErrorText(page)) ?? opened.why), note };
    const outcome = await runScript(
      {
        page,
        frame: page.frameLocator(`iframe[title="${app.name}"]`),
        reopen: async () => {
          await page.reload();
          const tab = page.getByRole('tab', { name: app.name, exact: true });
          await tab.waitFor({ timeout: 10_000 });
          if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
          const again = await appOpened(page, app.name, path, OPEN_MS);
          return 'why' in again ? again.why : undefined;
        },
      },
      app.script,
    );
    return outcome.passed
      ? { ...base, passed: true, path, note, prompts: outcome.prompts, ms: Date.now() - started }
      : {
          ...base,
          passed: false,
          path,
          note,
          step: outcome.step,
          failed: outcome.failed,
          reason: outcome.reason,
          prompts: outcome.prompts,
          ms: Date.now() - started,
        };
  } finally {
    await page.close();
  }
}
