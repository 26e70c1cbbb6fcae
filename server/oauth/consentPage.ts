import type { Scope } from '../../validation/scopes.ts';
import { confirmForm, escapeHtml, htmlPage, movingOnPage } from '../http/htmlPage.ts';
import { SCOPE_WORDS } from './oauthScopes.ts';

/**
 * Allow or Deny for one app: who it is (a CIMD client's host, verified by fetching its document there; its
 * name self-declared either way), where it sends you back, the scopes.
 */
export function consentPage(input: {
  clientName: string;
  /** The host of a metadata-document client_id; undefined for a registered (DCR) client. */
  verifiedHost?: string | undefined;
  redirectUri: string;
  scopes: Scope[];
  requestSecret: string;
  personName: string;
}): string {
  const name = escapeHtml(input.clientName);
  const host = escapeHtml(new URL(input.redirectUri).host);
  const items = input.scopes
    .map((scope) =>
      scope === 'osfoundry:read'
        ? `<li><input type="hidden" name="scope" value="${scope}">${escapeHtml(SCOPE_WORDS[scope])}</li>`
        : `<li><label><input type="checkbox" name="scope" value="${scope}" checked> ${escapeHtml(SCOPE_WORDS[scope])}</label></li>`,
    )
    .join('');
  return htmlPage(
    `Connect ${input.clientName} to Rooms?`,
    `<h1>Connect an app to Rooms?</h1>
${
  input.verifiedHost === undefined
    ? `<p>An app calling itself <strong>${name}</strong> <em>(unverified: the app chose this name itself)</em> asks to act as <strong>${escapeHtml(input.personName)}</strong>.</p>`
    : `<p>An app from <strong class="client-host">${escapeHtml(input.verifiedHost)}</strong> <em>(verified: its client document is published there)</em>, calling itself <strong>${name}</strong> <em>(self-declared)</em>, asks to act as <strong>${escapeHtml(input.personName)}</strong>.</p>`
}
<p>After you choose, it continues at <strong class="redirect-host">${host}</strong>. Allow only if you started this from an app you trust on that host.</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="request" value="${escapeHtml(input.requestSecret)}">
<p>It may:</p>
<ul>${items}</ul>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

/** Without a session: sign in here, then come back to the same request. */
export function signInFirstPage(next: string): string {
  return htmlPage(
    'Sign in to Rooms first',
    `<h1>Sign in to Rooms first</h1>
<p>An app asks to connect to your Rooms. Sign in, and you come back here to allow or deny it.</p>
${confirmForm('/sign-in', { next }, 'Sign in').replace(
  '<button',
  '<label>Your sign-in token <input type="password" name="token" autocomplete="current-password" required></label> <button',
)}`,
  );
}

/** A request that cannot be sent back to the app: shown here, never redirected. */
export function authorizeErrorPage(text: string): string {
  return htmlPage(
    'Cannot connect this app',
    `<h1>Cannot connect this app</h1>
<p>${escapeHtml(text)}</p>
<p>Start connecting again from the app. <a href="/">Go to Rooms</a></p>`,
  );
}

/** An error the app should hear about: a link back to its host, which the person must click. */
export function returnToAppPage(text: string, location: string): string {
  const host = escapeHtml(new URL(location).host);
  return htmlPage(
    'Cannot connect this app',
    `<h1>Cannot connect this app</h1>
<p>${escapeHtml(text)}</p>
<p>The app that sent you here continues at <strong class="redirect-host">${host}</strong>.</p>
<p><a href="${escapeHtml(location)}" rel="noreferrer">Return to ${host}</a> · <a href="/">Go to Rooms</a></p>`,
  );
}

/** After Allow or Deny: on to the app's redirect URI (the consent page already named its host). */
export function answeredPage(location: string): string {
  const host = new URL(location).host;
  return movingOnPage('Returning to the app', `Continuing at ${host}.`, `Return to ${host}`, location);
}
