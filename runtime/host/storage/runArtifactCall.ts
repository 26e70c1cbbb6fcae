import { CodedError } from '../../../validation/errorCodes.ts';
import type { SdkCall } from '../../protocol.ts';
import { checkKey } from '../../storageLimits.ts';
import { WEB_STORAGE_LIMITS } from '../../webStorageLimits.ts';
import type { CallOutcome } from './runSdkCall.ts';
import type { AppStorageDb } from './storageDb.ts';
import { listArea, readAreaKey, setAreaKey, writeArea } from './webAreas.ts';

/** Runs one `window.storage` call in the app's own database (the host resolved the app from the port). */
export async function runArtifactCall(
  db: AppStorageDb,
  call: SdkCall,
  /** The data generation the calling frame started on: a write from an older one is dropped. */
  generation?: number,
): Promise<CallOutcome> {
  const fresh = generation === undefined ? {} : { generation };
  const { params } = call;
  switch (call.method) {
    case 'artifact.get': {
      const value = await readAreaKey(db, 'artifact', checkKey(params.key));
      return value === undefined ? {} : { value };
    }
    case 'artifact.set': {
      const key = checkKey(params.key);
      const value = params.value;
      if (typeof value !== 'string')
        throw new CodedError('invalid_value', 'window.storage values are strings');
      if (value.length > WEB_STORAGE_LIMITS.artifactValueUnits)
        throw new CodedError('too_large', 'A window.storage value may be at most 5 MB');
      await setAreaKey(db, 'artifact', {
        key,
        value,
        quotaUnits: WEB_STORAGE_LIMITS.artifactQuotaUnits,
        ...fresh,
      });
      return { changed: key };
    }
    case 'artifact.delete': {
      const key = checkKey(params.key);
      const outcome = await writeArea(db, 'artifact', {
        clear: false,
        entries: [[key, null]],
        quotaUnits: WEB_STORAGE_LIMITS.artifactQuotaUnits,
        ...fresh,
      });
      return { value: outcome.changed.length > 0, changed: key };
    }
    case 'artifact.list': {
      const prefix = params.prefix ?? '';
      if (typeof prefix !== 'string' || prefix.length > WEB_STORAGE_LIMITS.artifactKeyLength)
        throw new CodedError('invalid_key', 'A window.storage prefix is a string of at most 512 characters');
      return { value: await listArea(db, 'artifact', prefix) };
    }
    default:
      throw new CodedError('bad_request', `${call.method} is not a window.storage call`);
  }
}
