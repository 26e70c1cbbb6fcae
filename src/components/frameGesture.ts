/**
 * Did the person just click or press a key in this panel's app? A gesture inside a cross-origin frame
 * gives the launcher transient activation too (about 5 s in Chromium), and leaves that frame focused; a
 * gesture on the launcher itself (a tab, a menu) moves focus out of the frame, so it does not count.
 */
export function frameGesture(panelId: string): boolean {
  // Without the API (older browsers) the focused frame alone decides.
  if (navigator.userActivation && !navigator.userActivation.isActive) return false;
  const focused = document.hasFocus() ? document.activeElement : null;
  return (
    focused instanceof HTMLIFrameElement &&
    focused.checkVisibility({ visibilityProperty: true }) &&
    document.getElementById(panelId)?.contains(focused) === true
  );
}
