import { SAVE_TYPES } from '../files/cleanFileName.ts';
import { SAVE_LIMITS } from '../files/saveLimits.ts';
import type { SdkCaller } from './sdkCall.ts';

// The Blob behind each object URL this frame made: it cannot fetch its own `blob:` URLs (connect-src
// 'none'), and the launcher cannot read them, so a download hands over the Blob itself.
const blobs = new Map<string, Blob>();

/** Keeps the Blob behind each `URL.createObjectURL` until the app revokes it. */
export function keepObjectUrls(): void {
  const create = URL.createObjectURL.bind(URL);
  const revoke = URL.revokeObjectURL.bind(URL);
  URL.createObjectURL = (obj: Blob | MediaSource) => {
    const url = create(obj);
    if (obj instanceof Blob) blobs.set(url, obj);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    blobs.delete(url);
    revoke(url);
  };
}

/**
 * The Blob behind a `blob:` URL, read synchronously when the link is clicked: apps revoke the URL right
 * after `a.click()`, before the save runs.
 */
export const objectUrlBlob = (url: string): Blob | undefined => blobs.get(url);

/** The bytes and type of a `data:` URL (base64 or percent-encoded), or undefined when malformed. */
export function dataUrlBytes(url: string): { bytes: Uint8Array; type: string } | undefined {
  const comma = url.indexOf(',');
  if (!url.startsWith('data:') || comma < 0) return undefined;
  const meta = url.slice(5, comma);
  const body = url.slice(comma + 1);
  const base64 = /;base64$/i.test(meta);
  const type = (meta.replace(/;base64$/i, '').split(';')[0] ?? '').trim().toLowerCase();
  try {
    if (base64)
      return { bytes: Uint8Array.from(atob(decodeURIComponent(body)), (c) => c.charCodeAt(0)), type };
    return { bytes: new TextEncoder().encode(decodeURIComponent(body)), type };
  } catch {
    return undefined;
  }
}

/**
 * A click on `<a download href="blob:…">` or `data:…`: the bytes and the name go to the `files.save`
 * prompt (the launcher cleans the name and asks the person); no other download path opens. `clicked` is
 * the Blob as it was at the click (see {@link objectUrlBlob}).
 */
export async function saveDownload(
  caller: SdkCaller,
  href: string,
  name: string,
  clicked: Blob | undefined = objectUrlBlob(href),
): Promise<void> {
  let bytes: Uint8Array;
  let type: string;
  if (href.startsWith('blob:')) {
    const blob = clicked;
    if (!blob) throw new Error('the blob: URL was revoked, or not made by URL.createObjectURL in this app');
    if (blob.size > SAVE_LIMITS.maxBytes)
      throw new Error(`the file is over ${SAVE_LIMITS.maxBytes / 1024 / 1024} MB`);
    bytes = new Uint8Array(await blob.arrayBuffer());
    type = blob.type;
  } else {
    const data = dataUrlBytes(href);
    if (!data) throw new Error('the data: URL is malformed');
    ({ bytes, type } = data);
  }
  // A type the save prompt does not take is left out: the file name's extension decides.
  const known = Object.values(SAVE_TYPES).includes(type.split(';')[0]?.trim().toLowerCase() ?? '');
  const fileName = name || href.split('/').pop() || 'download';
  await caller.call(
    'files.save',
    known ? { name: fileName, data: bytes, type } : { name: fileName, data: bytes },
  );
}
