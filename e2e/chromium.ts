// e2e/isolation/ and playwright.config.ts import it from here; both are frozen in this pass.
export * from '../test-support/chromium.ts';
