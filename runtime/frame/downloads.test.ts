import { describe, expect, it } from 'vitest';
import { keepObjectUrls, objectUrlBlob, saveDownload } from './downloads.ts';
import type { SdkCaller } from './sdkCall.ts';

/** Records what would go to the launcher's `files.save`. */
function recordingCaller() {
  const calls: [string, Record<string, unknown>][] = [];
  const caller = {
    call: async (method: string, params: Record<string, unknown>) => void calls.push([method, params]),
  } as unknown as SdkCaller;
  return { caller, calls };
}

describe('saveDownload', () => {
  keepObjectUrls();

  it('saves the Blob taken at the click even when the app revoked its URL right after a.click()', async () => {
    const url = URL.createObjectURL(new Blob(['name,email\nAda,ada@example.com\n'], { type: 'text/csv' }));
    const clicked = objectUrlBlob(url);
    URL.revokeObjectURL(url);
    expect(objectUrlBlob(url)).toBeUndefined();
    const { caller, calls } = recordingCaller();
    await saveDownload(caller, url, 'contacts.csv', clicked);
    expect(calls).toHaveLength(1);
    const [method, params] = calls[0] as [string, Record<string, unknown>];
    expect(method).toBe('files.save');
    expect(params.name).toBe('contacts.csv');
    expect(params.type).toBe('text/csv');
    expect(new TextDecoder().decode(params.data as Uint8Array)).toBe('name,email\nAda,ada@example.com\n');
  });

  it('refuses a blob: URL revoked before the click, or never made in this app', async () => {
    const url = URL.createObjectURL(new Blob(['x']));
    URL.revokeObjectURL(url);
    const { caller, calls } = recordingCaller();
    await expect(saveDownload(caller, url, 'x.txt')).rejects.toThrow(/revoked, or not made/);
    await expect(saveDownload(caller, 'blob:http://other.localhost/1', 'x.txt')).rejects.toThrow(/revoked/);
    expect(calls).toHaveLength(0);
  });
});
