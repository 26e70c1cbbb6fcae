import { DialogCount } from '../dialogLimit.ts';
import type { FrameToHost } from '../protocol.ts';

type Post = (message: FrameToHost) => void;

/**
 * The browser's own `alert`, `confirm` and `prompt` for app code (a launcher-drawn dialog cannot answer
 * `confirm` synchronously), told to the host before and after so its watchdog waits on the person.
 * Asked only right after a click or key press in the app; past {@link DialogCount}'s limit (3 per click
 * or key press, within 10 s) answered without asking, since a native dialog blocks the whole tab. `print()` and `beforeunload` prompts,
 * which the sandbox's `allow-modals` would also let through, are removed. Runs before any app code.
 */
export function installNativeDialogs(post: Post): void {
  const count = new DialogCount();
  // Before any app code, in the capture phase: the app cannot hide the person's input from the count.
  // A dialog's own OK/Cancel makes no event in the page, and a held key's repeats are one press.
  const restart = (event: Event) => {
    if (event.isTrusted && !(event instanceof KeyboardEvent && event.repeat)) count.gesture();
  };
  window.addEventListener('pointerdown', restart, { capture: true });
  window.addEventListener('keydown', restart, { capture: true });
  let cutTold = false;
  const ask = <T>(name: string, show: () => T, refused: T): T => {
    // Without a gesture a timer could put a dialog over whatever the person is doing.
    if (!navigator.userActivation?.isActive) {
      console.warn(
        `[room] ${name}() was answered without asking: apps may open a dialog only right after a click or key press in them`,
      );
      return refused;
    }
    if (!count.allow(performance.now())) {
      if (!cutTold) post({ type: 'dialog', phase: 'cut' });
      cutTold = true;
      console.warn(`[room] ${name}() was answered without asking: this app opened too many dialogs`);
      return refused;
    }
    post({ type: 'dialog', phase: 'open' });
    try {
      return show();
    } finally {
      post({ type: 'dialog', phase: 'closed' });
    }
  };
  const { alert, confirm, prompt } = window;
  // Rest arguments keep the call's arity: `alert()` shows nothing, `alert(undefined)` shows "undefined".
  window.alert = (...args: [message?: unknown]) => ask('alert', () => alert.apply(window, args), undefined);
  window.confirm = (...args: [message?: string]) => ask('confirm', () => confirm.apply(window, args), false);
  window.prompt = (...args: [message?: string, value?: string]) =>
    ask('prompt', () => prompt.apply(window, args), null);
  window.print = () => console.warn('[room] print() is not available to apps in the launcher');
  // Registered before any app code: no later listener (nor `onbeforeunload`) sees the event, so none can prompt.
  window.addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), { capture: true });
}
