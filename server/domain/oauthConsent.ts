import type { Scope } from '../../validation/scopes.ts';
import type { AuthorizationRequest } from '../oauth/authorizationRequest.ts';
import { OAuthError } from '../oauth/OAuthError.ts';
import { ANSWER_MS, CODE_MS, CONSENT_MS } from '../oauth/oauthLimits.ts';
import type { Principal } from './auth.ts';
import type { OAuthDeps } from './DomainDeps.ts';
import { newId, newSecret, sha256Hex } from './ids.ts';

/** A consent form or its next step that cannot go on: shown to the person, never redirected. */
export class ConsentRefused extends Error {}

const EXPIRED = 'This page expired or was opened in another session.';

/** Where the browser goes after Allow or Deny: the app's redirect URI with these parameters. */
export interface ConsentAnswer {
  sessionId: string;
  redirectUri: string;
  params: Record<string, string | null>;
}

/**
 * Keeps the consent form for a checked request (its secret goes in the form). The scopes offered are
 * those asked for that the consenting session holds; none is `invalid_scope`.
 */
export async function openConsent(
  d: OAuthDeps,
  who: Principal,
  request: AuthorizationRequest,
): Promise<{ secret: string; scopes: Scope[]; personName: string }> {
  // A grant never holds more than the session consenting to it.
  const scopes = request.scopes.filter((s) => who.scopes.includes(s));
  if (scopes.length === 0)
    throw new OAuthError('invalid_scope', 'You are signed in without the scopes this app asks for');
  const secret = newSecret();
  await d.oauth.insertRequest({
    hash: sha256Hex(secret),
    sessionId: who.sessionId as string,
    clientId: request.client.id,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scopes,
    resource: request.resource,
    state: request.state,
    expiresAt: d.now() + CONSENT_MS,
  });
  const person = await d.store.getPerson(who.personId);
  return { secret, scopes, personName: person?.name ?? '' };
}

/**
 * Answers a consent form once, for the session it was shown to: Allow with a ticked scope grants those
 * and issues a code; anything else is `access_denied`.
 */
export async function answerConsent(
  d: Pick<OAuthDeps, 'oauth' | 'now'>,
  who: Principal | undefined,
  form: { request: string; decision: string | null; scopes: string[] },
): Promise<ConsentAnswer> {
  const now = d.now();
  const pending = who && form.request ? await d.oauth.getRequest(sha256Hex(form.request), now) : undefined;
  if (!who || !pending || pending.sessionId !== who.sessionId) throw new ConsentRefused(EXPIRED);
  // Answered at once twice: only the one that removes the request goes on.
  if (!(await d.oauth.takeRequest(pending.hash, now)))
    throw new ConsentRefused('This page was answered already.');
  const { sessionId, redirectUri, state } = pending;
  const granted = pending.scopes.filter((s) => form.scopes.includes(s));
  if (form.decision !== 'allow' || granted.length === 0)
    return { sessionId, redirectUri, params: { error: 'access_denied', state } };
  const code = newSecret();
  const grantId = newId('g', 16);
  await d.oauth.insertGrant(
    {
      id: grantId,
      clientId: pending.clientId,
      personId: who.personId,
      scopes: granted,
      resource: pending.resource,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
      sourceTokenId: who.sourceTokenId ?? null,
    },
    {
      hash: sha256Hex(code),
      grantId,
      kind: 'code',
      createdAt: now,
      expiresAt: now + CODE_MS,
      usedAt: null,
      redirectUri,
      codeChallenge: pending.codeChallenge,
    },
  );
  return { sessionId, redirectUri, params: { code, state } };
}

/** Keeps where an answered form's session goes next; the returned secret fetches it once. */
export async function holdAnswer(
  d: Pick<OAuthDeps, 'oauth' | 'now'>,
  sessionId: string,
  location: string,
): Promise<string> {
  const secret = newSecret();
  await d.oauth.insertAnswer({
    hash: sha256Hex(secret),
    sessionId,
    location,
    expiresAt: d.now() + ANSWER_MS,
  });
  return secret;
}

/** Where this session goes next, once; another session's answer, or an expired one, is refused. */
export async function takeAnswer(
  d: Pick<OAuthDeps, 'oauth' | 'now'>,
  who: Principal | undefined,
  secret: string,
): Promise<string> {
  const found =
    who?.sessionId && secret
      ? await d.oauth.takeAnswer(sha256Hex(secret), who.sessionId, d.now())
      : undefined;
  if (!found) throw new ConsentRefused(EXPIRED);
  return found.location;
}
