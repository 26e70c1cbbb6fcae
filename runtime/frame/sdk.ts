import { CodedError } from '../../validation/errorCodes.ts';

const notAvailable = () =>
  Promise.reject(new CodedError('not_available', 'App storage is not available yet'));

/** `@room/sdk` as apps import it. */
export function createSdk() {
  return {
    storage: {
      get: notAvailable,
      set: notAvailable,
      delete: notAvailable,
      keys: notAvailable,
      clear: notAvailable,
    },
  };
}
