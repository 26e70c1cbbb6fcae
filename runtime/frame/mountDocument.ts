/**
 * Gives the app the body of its own `public/index.html`, as react.dev's sandboxes do (apps look up
 * their own elements by id). Its scripts are dropped: the frame runs only compiled modules. `#root` stays.
 */
export function mountDocument(html: string | undefined): void {
  if (html === undefined) return;
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  for (const script of parsed.querySelectorAll('script')) script.remove();
  for (const style of parsed.head.querySelectorAll('style'))
    document.head.append(document.importNode(style, true));
  document.body.replaceChildren(
    ...[...parsed.body.childNodes].map((node) => document.importNode(node, true)),
  );
  if (!document.getElementById('root')) {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
  }
}
