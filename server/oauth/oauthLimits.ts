/** Lifetimes and bounds of the OAuth server (the README lists them). */
export const ACCESS_TOKEN_MS = 60 * 60 * 1000;
export const CODE_MS = 60 * 1000;
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a consent page may stay open before Allow. */
export const CONSENT_MS = 10 * 60 * 1000;
/** How long an answered consent form's next step waits for the browser to fetch it. */
export const ANSWER_MS = 60 * 1000;
export const REGISTRATION_BODY = 8 * 1024;
export const MAX_REDIRECT_URIS = 5;
export const MAX_REDIRECT_URI_LENGTH = 512;
export const MAX_CLIENT_NAME = 100;
export const FORM_BODY = 16 * 1024;
/** A registration nobody consented to (within the hour) is removed: it never counts toward the client cap. */
export const PENDING_CLIENT_MS = 60 * 60 * 1000;
/** Registrations waiting for consent, kept at most; past it the oldest goes (an address's own first). */
export const PENDING_POOL = 2000;
export const PENDING_PER_ADDRESS = 50;
