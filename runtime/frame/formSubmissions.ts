/**
 * Forms submit as in a page (the `submit` event, `onSubmit`, constraint validation), and stop there (in the
 * document and in shadow roots made by `attachShadow`; a declarative one is the residual): the
 * frame's CSP (`form-action 'none'`) would refuse the navigation anyway, but Chromium then replaces the
 * frame with an error page, which would end the app and cost it its port. A `method="dialog"` form
 * still closes its `<dialog>`. Runs before any app code.
 */
export function keepFormsInPage(): void {
  const keep = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement) || submitMethod(event as SubmitEvent) === 'dialog') return;
    event.preventDefault();
    if (!event.target.hasAttribute('action') && !(event as SubmitEvent).submitter?.hasAttribute('formaction'))
      return;
    console.warn('[room] A form submission went nowhere: apps handle their forms in onSubmit');
  };
  // Captured at the window before the app's listeners: stopping propagation cannot get past it.
  window.addEventListener('submit', keep, { capture: true });
  // `submit` is not composed: a form in a shadow root is heard at its root (open or closed), never at window.
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function attachShadow(this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    root.addEventListener('submit', keep, { capture: true });
    return root;
  };
  // `form.submit()` fires no event and would navigate: in the launcher it does nothing.
  HTMLFormElement.prototype.submit = function submit() {
    console.warn('[room] form.submit() does nothing in the launcher: use form.requestSubmit() and onSubmit');
  };
}

function submitMethod(event: SubmitEvent): string {
  const submitter = event.submitter;
  if (
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.hasAttribute('formmethod')
  )
    return submitter.formMethod;
  return (event.target as HTMLFormElement).method;
}
