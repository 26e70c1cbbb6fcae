import { useEffect, useState } from 'react';

/**
 * The files the Room never runs (a template's mount entry, build configs, index.html), from the same
 * reading as the gate's; Sucrase's parser loads with the review page's other scans, not the shell.
 */
export function useFilesNotRun(files: Record<string, string> | undefined): Set<string> {
  const [notRun, setNotRun] = useState(() => new Set<string>());
  useEffect(() => {
    if (!files) return;
    let live = true;
    import('../../validation/projectFiles.ts').then(
      (m) => live && setNotRun(new Set(m.filesNotRun(files))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [files]);
  return notRun;
}
