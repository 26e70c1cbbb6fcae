import { requestClient } from '../domain/oauthClients.ts';
import {
  answerConsent,
  type ConsentAnswer,
  ConsentRefused,
  holdAnswer,
  openConsent,
  takeAnswer,
} from '../domain/oauthConsent.ts';
import { cookieSession } from '../http/authenticate.ts';
import { formPageHeaders, movingOnPage, sendHtml } from '../http/htmlPage.ts';
import type { Ctx, Router } from '../http/Router.ts';
import { readForm } from '../http/readForm.ts';
import { checkSameOrigin } from '../http/sameOrigin.ts';
import { shellSecurityHeaders } from '../http/shellHost.ts';
import { refusedPage } from '../http/signInLink.ts';
import {
  RedirectedError,
  readAuthorizationRequest,
  redirectTo,
  UnsafeRedirect,
} from './authorizationRequest.ts';
import { isMetadataClientId, MetadataRefused, metadataUrlProblem } from './clientMetadata.ts';
import {
  answeredPage,
  authorizeErrorPage,
  consentPage,
  returnToAppPage,
  signInFirstPage,
} from './consentPage.ts';
import { OAuthError } from './OAuthError.ts';
import { FORM_BODY } from './oauthLimits.ts';

export const AUTHORIZE_PATH = '/oauth/authorize';
const CONTINUE_PATH = '/oauth/continue';

/**
 * `GET /oauth/authorize` shows the consent page; its form's `POST` answers it (Allow or Deny) with a
 * 303 to `/oauth/continue`, our own page that sends the browser on to the app.
 */
export function addAuthorizeRoutes(router: Router): Router {
  return router
    .add('GET', AUTHORIZE_PATH, showConsent)
    .add('POST', AUTHORIZE_PATH, answerConsentForm)
    .add('GET', CONTINUE_PATH, moveOn);
}

async function showConsent(ctx: Ctx): Promise<void> {
  const { res, url, deps } = ctx;
  const security = shellSecurityHeaders(deps.config);
  const who = await cookieSession(ctx);
  const clientId = url.searchParams.get('client_id') ?? '';
  const byDocument = isMetadataClientId(clientId);
  // A metadata document is fetched only for a signed-in person: a stranger's link makes this server fetch nothing.
  const problem = byDocument ? metadataUrlProblem(clientId, deps.config.oauthCimdAllowLoopback) : undefined;
  if (problem)
    return sendHtml(
      res,
      400,
      authorizeErrorPage(`This app's client_id cannot be used: ${problem}.`),
      security,
    );
  let request: Awaited<ReturnType<typeof readAuthorizationRequest>> | undefined;
  if (!byDocument || who)
    try {
      const person = who
        ? { personId: who.personId, allowLoopback: deps.config.oauthCimdAllowLoopback }
        : undefined;
      const find = (id: string) => requestClient(deps, id, person);
      request = await readAuthorizationRequest(find, deps.config, url.searchParams);
    } catch (err) {
      if (err instanceof MetadataRefused)
        return sendHtml(res, 400, authorizeErrorPage(err.message), security);
      if (err instanceof UnsafeRedirect) return sendHtml(res, 400, authorizeErrorPage(err.message), security);
      if (err instanceof RedirectedError) return showError(ctx, err);
      throw err;
    }
  const here = `${url.pathname}${url.search}`;
  if (!who || !request) {
    // A Strict cookie is not sent on a navigation from another site (the app opened this link): one
    // same-site step, and it is.
    const site = ctx.req.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site')
      return sendHtml(
        res,
        200,
        movingOnPage('Connecting…', 'Continue to Rooms.', 'Continue', here),
        security,
      );
    return sendHtml(res, 200, signInFirstPage(here), formPageHeaders(security));
  }
  let consent: Awaited<ReturnType<typeof openConsent>>;
  try {
    consent = await openConsent(deps, who, request);
  } catch (err) {
    if (err instanceof OAuthError)
      return showError(ctx, new RedirectedError(request.redirectUri, request.state, err));
    throw err;
  }
  sendHtml(
    res,
    200,
    consentPage({
      clientName: request.client.name,
      verifiedHost: byDocument ? new URL(request.client.id).host : undefined,
      redirectUri: request.redirectUri,
      scopes: consent.scopes,
      requestSecret: consent.secret,
      personName: consent.personName,
    }),
    // The form posts to us only; the answer moves on from our own page, so form-action stays 'self'.
    formPageHeaders(security),
  );
}

async function answerConsentForm(ctx: Ctx): Promise<void> {
  const { res, deps } = ctx;
  const security = shellSecurityHeaders(deps.config);
  try {
    // Consent CSRF: only our own page may answer; the request token below binds it to this session.
    checkSameOrigin(ctx, { requireOrigin: true });
  } catch {
    return sendHtml(res, 403, refusedPage(), security);
  }
  const who = await cookieSession(ctx);
  const form = await readForm(ctx.req, FORM_BODY);
  let next: ConsentAnswer;
  try {
    next = await answerConsent(deps, who, {
      request: form.get('request') ?? '',
      decision: form.get('decision'),
      scopes: form.getAll('scope'),
    });
  } catch (err) {
    if (err instanceof ConsentRefused) return sendHtml(res, 400, authorizeErrorPage(err.message), security);
    throw err;
  }
  await answer(ctx, next.sessionId, redirectTo(next.redirectUri, deps.config, next.params));
}

/** POST-redirect-GET to our own page holding where the browser goes next (once, for this session). */
async function answer(ctx: Ctx, sessionId: string, location: string): Promise<void> {
  const secret = await holdAnswer(ctx.deps, sessionId, location);
  ctx.res
    .writeHead(303, {
      location: `${CONTINUE_PATH}?answer=${secret}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    })
    .end();
}

/** `GET /oauth/continue`: moves on to the app (a meta refresh is a navigation no form-action governs). */
async function moveOn(ctx: Ctx): Promise<void> {
  const { res, url, deps } = ctx;
  const security = { ...shellSecurityHeaders(deps.config), 'referrer-policy': 'no-referrer' };
  const who = await cookieSession(ctx);
  let location: string;
  try {
    location = await takeAnswer(deps, who, url.searchParams.get('answer') ?? '');
  } catch (err) {
    if (err instanceof ConsentRefused) return sendHtml(res, 400, authorizeErrorPage(err.message), security);
    throw err;
  }
  sendHtml(res, 200, answeredPage(location), security);
}

/**
 * An error the app should hear about, on a page naming its host with a link back the person must
 * click: an unauthenticated link must never bounce through us to a registered URI (RFC 9700 §4.11.2).
 */
function showError(ctx: Ctx, err: RedirectedError): void {
  const location = redirectTo(err.redirectUri, ctx.deps.config, {
    error: err.oauth.error,
    error_description: err.oauth.description,
    state: err.state,
  });
  sendHtml(ctx.res, 400, returnToAppPage(err.oauth.description, location), {
    ...shellSecurityHeaders(ctx.deps.config),
    'referrer-policy': 'no-referrer',
  });
}
