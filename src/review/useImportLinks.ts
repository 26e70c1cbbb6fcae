import { useEffect, useState } from 'react';
import type { ImportLink } from '../../validation/importLinks.ts';

/** Each file's alias and asset imports, resolved as the frame will (the parser loads with the page's scans). */
export function useImportLinks(files: Record<string, string> | undefined): Record<string, ImportLink[]> {
  const [links, setLinks] = useState<Record<string, ImportLink[]>>({});
  useEffect(() => {
    if (!files) return;
    let live = true;
    import('../../validation/importLinks.ts').then(
      (m) => live && setLinks(m.importLinks(files)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [files]);
  return links;
}
