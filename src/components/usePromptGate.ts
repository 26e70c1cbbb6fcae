import { useMemo, useRef } from 'react';
import { PromptGate } from '../../runtime/host/PromptGate.ts';
import { frameGesture } from './frameGesture.ts';

/** The launcher's one prompt gate: only the app on screen, right after the person used it, may ask. */
export function usePromptGate(shownAppId: string | undefined): PromptGate {
  const shown = useRef(shownAppId);
  shown.current = shownAppId;
  return useMemo(
    () =>
      new PromptGate({
        isShown: (who) => who.appId === shown.current && document.visibilityState === 'visible',
        // MountedApps' panel carries the shown app's id; its frames are that app's.
        hasGesture: (who) => frameGesture(`panel-${who.appId}`),
      }),
    [],
  );
}
