/** Lifetimes and bounds of the OAuth server (the README lists them). */
export const ACCESS_TOKEN_MS = 60 * 60 * 1000;
export const CODE_MS = 60 * 1000;
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a consent page may stay open before Allow. */
export const CONSENT_MS = 10 * 60 * 1000;
/** How long an answered consent form's next step waits for the browser to fetch it. */
export const ANSWER_MS = 60 * 1000;
/** A client nobody ever connected is removed after a day, so the total cap cannot be filled for good. */
export const UNUSED_CLIENT_MS = 24 * 60 * 60 * 1000;
export const REGISTRATION_BODY = 8 * 1024;
export const MAX_REDIRECT_URIS = 5;
export const MAX_REDIRECT_URI_LENGTH = 512;
export const MAX_CLIENT_NAME = 100;
export const FORM_BODY = 16 * 1024;
