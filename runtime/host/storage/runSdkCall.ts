import { CodedError } from '../../../validation/errorCodes.ts';
import type { JsonValue, SdkCall } from '../../protocol.ts';
import { checkKey, encodeValue } from '../../storageLimits.ts';
import type { FrameIdentity } from '../FrameController.ts';
import { clearApp, deleteRecord, listKeys, readRecord, writeRecord } from './appRecords.ts';
import type { AppStorageDb } from './storageDb.ts';

export interface CallOutcome {
  value?: JsonValue;
  /** The key the call changed (`null`: every key), for copies of the app elsewhere. */
  changed?: string | null;
}

/** Runs one SDK call for the app the host resolved from the port; `params` never names the app. */
export async function runSdkCall(
  db: AppStorageDb,
  who: FrameIdentity,
  call: SdkCall,
  quotaBytes: number,
  /** The data generation the calling frame started on: a write from an older one is dropped. */
  generation?: number,
): Promise<CallOutcome> {
  const { params } = call;
  switch (call.method) {
    case 'storage.get': {
      const json = await readRecord(db, who, checkKey(params.key));
      return json === undefined ? {} : { value: JSON.parse(json) as JsonValue };
    }
    case 'storage.set': {
      const key = checkKey(params.key);
      if (!Object.hasOwn(params, 'value')) throw new CodedError('invalid_value', 'storage.set needs a value');
      const { json } = encodeValue(params.value);
      await writeRecord(db, who, {
        key,
        json,
        quotaBytes,
        ...(generation === undefined ? {} : { generation }),
      });
      return { changed: key };
    }
    case 'storage.delete': {
      const key = checkKey(params.key);
      await deleteRecord(db, who, key, generation);
      return { changed: key };
    }
    case 'storage.keys':
      return { value: await listKeys(db, who) };
    case 'storage.clear':
      await clearApp(db, who, generation);
      return { changed: null };
    default:
      throw new CodedError('bad_request', `${call.method} is not a storage call`);
  }
}
