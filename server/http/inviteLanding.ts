import { acceptInvite, readInvite } from '../domain/members.ts';
import { cookieSession } from './authenticate.ts';
import { confirmForm, escapeHtml, formPageHeaders, htmlPage, movingOnPage, sendHtml } from './htmlPage.ts';
import type { Ctx } from './Router.ts';
import { readForm } from './readForm.ts';
import { checkSameOrigin } from './sameOrigin.ts';
import { sessionCookie } from './sessionCookie.ts';
import { refusedPage } from './signInLink.ts';

const FORM_BODY = 16 * 1024;

const NOT_OPEN: Record<string, string> = {
  used: 'It was used already: each invite lets one person join.',
  revoked: 'The room’s owner revoked it.',
  expired: 'It has expired.',
};

/**
 * `/?invite=`: a page naming the room, with a button that joins. Opening it (GET, HEAD, a link
 * preview, a prefetch) changes nothing: only the button's POST spends the invite.
 */
export async function showInvite(ctx: Ctx, security: Record<string, string>): Promise<void> {
  const secret = ctx.url.searchParams.get('invite') ?? '';
  const invite = await readInvite(ctx.deps, secret);
  if (invite?.state !== 'open')
    return sendHtml(ctx.res, 404, invalidInvitePage(invite && NOT_OPEN[invite.state]), security);
  const room = escapeHtml(invite.roomName);
  const signedIn = await cookieSession(ctx);
  sendHtml(
    ctx.res,
    200,
    htmlPage(
      `Join ${invite.roomName}`,
      `<h1>Join ${room}</h1>
<p>You are invited to the room <strong>${room}</strong>. Joining makes you a member on this browser: you will see its apps and can propose new ones.</p>
${signedIn ? '<p>This browser is signed in now: joining signs it in as the new member instead.</p>' : ''}
${confirmForm('/join', { invite: secret }, `Join ${invite.roomName}`)}`,
    ),
    formPageHeaders(security),
  );
}

/** `POST /join`: the invite page's button; only from our own page (Origin checked). */
export async function joinFromForm(ctx: Ctx, security: Record<string, string>): Promise<void> {
  try {
    checkSameOrigin(ctx, { requireOrigin: true });
  } catch {
    return sendHtml(ctx.res, 403, refusedPage(), security);
  }
  const form = await readForm(ctx.req, FORM_BODY);
  const joined = await acceptInvite(ctx.deps, form.get('invite') ?? '');
  if (!joined) return sendHtml(ctx.res, 404, invalidInvitePage(), security);
  const next = `/rooms/${encodeURIComponent(joined.roomId)}`;
  ctx.res.setHeader('set-cookie', sessionCookie(ctx.deps.config, joined.session));
  sendHtml(ctx.res, 200, movingOnPage('Joining…', 'Joined.', 'Open the room', next), security);
}

function invalidInvitePage(reason = 'It was used already, revoked or has expired.'): string {
  return htmlPage(
    'Invite not valid',
    `<h1>This invite is not valid</h1>
<p>${escapeHtml(reason)} Ask the Room's owner for a new invite.</p>`,
  );
}
